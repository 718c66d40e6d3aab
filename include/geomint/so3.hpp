#pragma once
/// \file
/// The rotation group SO(3) in any scalar T: rotation matrices R (RᵀR = I, det R = 1) and unit
/// quaternions q = (w, x, y, z) (Hamilton's convention, R(q) the active rotation), the hat map,
/// the elementary rotations about a body axis, the defects ‖RᵀR − I‖ and |q| − 1, and the
/// projection onto SO(3) (the nearest rotation, by the singular value decomposition: the
/// orthogonal polar factor with det +1). Used by the rigid-body family (model/rigid_body.hpp).

#include "geomint/error.hpp"
#include "geomint/linalg.hpp"
#include "geomint/scalar.hpp"

#include <Eigen/Geometry>
#include <Eigen/SVD>

#include <cmath>
#include <limits>
#include <stdexcept>
#include <string>

namespace geomint::so3 {

/// A 3 × 3 matrix of T.
template <class T>
using matrix3 = Eigen::Matrix<T, 3, 3>;

/// The hat map: v̂ w = v × w.
template <class T>
matrix3<T> hat(const vector<T, 3>& v) {
    matrix3<T> m;
    m << T(0), -v(2), v(1), v(2), T(0), -v(0), -v(1), v(0), T(0);
    return m;
}

/// The rotation by the angle θ about the coordinate axis i ∈ {0, 1, 2} (right-handed).
template <class T>
matrix3<T> axis_rotation(int i, const T& theta) {
    T s, c;
    detail::sin_and_cos(theta, s, c);
    const int j = (i + 1) % 3, k = (i + 2) % 3;
    matrix3<T> m = matrix3<T>::Zero();
    m(i, i) = T(1);
    m(j, j) = c;
    m(k, k) = c;
    m(j, k) = -s;
    m(k, j) = s;
    return m;
}

/// The exponential of ŵ: the rotation by the angle |w| about w (Rodrigues),
/// I + (sin θ/θ) ŵ + (2 sin²(θ/2)/θ²) ŵ², θ = |w|. The coefficients are computed from w itself,
/// so the result is orthogonal to rounding whatever the accuracy of |w| (a unit axis rounded off
/// 1 would leave a bias that adds up step after step).
template <class T>
matrix3<T> exp_map(const vector<T, 3>& w) {
    const T theta = w.norm();
    if (theta == T(0)) return matrix3<T>::Identity();
    const matrix3<T> W = hat(w);
    T s, c;  // of θ/2: sin θ = 2 s c
    detail::sin_and_cos(T(theta / T(2)), s, c);
    return matrix3<T>(matrix3<T>::Identity() + (T(2) * s * c / theta) * W + (T(2) * s * s / (theta * theta)) * (W * W));
}

/// max |RᵀR − I|: zero on SO(3) (and on the improper rotations: see `determinant_defect`).
template <class T>
T orthogonality_defect(const matrix3<T>& R) {
    return max_abs(matrix3<T>(R.transpose() * R - matrix3<T>::Identity()));
}

/// One Newton–Schulz step toward the polar factor of R, R (3I − RᵀR)/2: for R within δ of SO(3)
/// the result is within O(δ²) of it (a correction of the order of the rounding for a rotation
/// computed in floating point).
template <class T>
matrix3<T> newton_schulz_step(const matrix3<T>& R) {
    return R * matrix3<T>((T(3) * matrix3<T>::Identity() - R.transpose() * R) / T(2));
}

/// The rotation matrix of a quaternion q = (w, x, y, z), |q| = 1 (not normalized here).
template <class T>
matrix3<T> rotation_of(const vector<T, 4>& q) {
    const T w = q(0), x = q(1), y = q(2), z = q(3);
    matrix3<T> R;
    R << w * w + x * x - y * y - z * z, T(2) * (x * y - w * z), T(2) * (x * z + w * y),  //
        T(2) * (x * y + w * z), w * w - x * x + y * y - z * z, T(2) * (y * z - w * x),       //
        T(2) * (x * z - w * y), T(2) * (y * z + w * x), w * w - x * x - y * y + z * z;
    return R;
}

/// The unit quaternion (w, x, y, z) of a rotation matrix R, of the sign whose dot product with
/// `near` is ≥ 0 (q and −q are one rotation; the default takes w ≥ 0).
template <class T>
vector<T, 4> quaternion_of(const matrix3<T>& R, const vector<T, 4>& near = vector<T, 4>(T(1), T(0), T(0), T(0))) {
    const Eigen::Quaternion<T> e(R);
    vector<T, 4> q(e.w(), e.x(), e.y(), e.z());
    if (q.dot(near) < T(0)) q = -q;
    return q;
}

/// The Hamilton product a ⊗ b (the rotation b first, then a: R(a ⊗ b) = R(a) R(b)).
template <class T>
vector<T, 4> quaternion_product(const vector<T, 4>& a, const vector<T, 4>& b) {
    return vector<T, 4>(a(0) * b(0) - a(1) * b(1) - a(2) * b(2) - a(3) * b(3),
                        a(0) * b(1) + a(1) * b(0) + a(2) * b(3) - a(3) * b(2),
                        a(0) * b(2) - a(1) * b(3) + a(2) * b(0) + a(3) * b(1),
                        a(0) * b(3) + a(1) * b(2) - a(2) * b(1) + a(3) * b(0));
}

/// The unit quaternion of the rotation by θ about the coordinate axis i: (cos θ/2, sin θ/2 e_i).
template <class T>
vector<T, 4> axis_quaternion(int i, const T& theta) {
    vector<T, 4> q = vector<T, 4>::Zero();
    detail::sin_and_cos(T(theta / T(2)), q(1 + i), q(0));
    return q;
}

/// The rotation nearest to A in the Frobenius norm: U diag(1, 1, det(U Vᵀ)) Vᵀ of A's singular
/// value decomposition A = U Σ Vᵀ. \throws std::invalid_argument if A is not finite or singular
/// (no nearest rotation is determined).
template <class T>
matrix3<T> project_onto_so3(const matrix3<T>& A) {
    if (!A.allFinite()) throw std::invalid_argument("project_onto_so3: the matrix has a non-finite entry");
    const Eigen::JacobiSVD<matrix3<T>> svd(A, Eigen::ComputeFullU | Eigen::ComputeFullV);
    const vector<T, 3> sigma = svd.singularValues();
    if (!(sigma(2) > std::numeric_limits<T>::epsilon() * sigma(0)))
        throw std::invalid_argument("project_onto_so3: the matrix is singular (singular values " + geomint::to_string(sigma(0)) +
                                    ", " + geomint::to_string(sigma(1)) + ", " + geomint::to_string(sigma(2)) +
                                    "): no nearest rotation");
    matrix3<T> D = matrix3<T>::Identity();
    if ((svd.matrixU() * svd.matrixV().transpose()).determinant() < T(0)) D(2, 2) = T(-1);
    return svd.matrixU() * D * svd.matrixV().transpose();
}

}  // namespace geomint::so3
