#pragma once
/// \file
/// Boost.Odeint steppers of a rigid body (model/rigid_body.hpp): the splitting into exact
/// rotations and kicks (`rigid_body_stepper`, order 2) and its compositions
/// (`composed_rigid_body_stepper<Coor, Momentum, Method>`: orders 4, 6, 8 with yoshida4/suzuki4,
/// yoshida6/kahan_li6, yoshida8/kahan_li8), scheme/rigid/rotor_splitting.hpp; the Lie group
/// variational integrator (`lie_group_variational_stepper`, the discrete Moser–Veselov map for
/// the free body, implicit) and its compositions, scheme/rigid/lie_group_variational.hpp; the
/// symmetric top's splitting (`symmetric_top_stepper`), scheme/rigid/symmetric_top_splitting.hpp;
/// the splitting into the free body's exact flow and kicks (`exact_free_flow_stepper`, and
/// `composed_exact_free_flow_stepper`), scheme/rigid/exact_free_flow_splitting.hpp.
///
/// \code
///   geomint::rigid_body<double> body(geomint::vector<double, 3>(1, 2, 3));  // principal moments
///   using R9 = std::array<double, 9>;                                        // R, row-major
///   using P3 = std::array<double, 3>;                                        // Π
///   geomint::composed_rigid_body_stepper<R9, P3, geomint::scheme::kahan_li6> stepper;
///   auto x = std::make_pair(R9{1, 0, 0, 0, 1, 0, 0, 0, 1}, P3{0.4, 0.9, 0.3});
///   boost::numeric::odeint::integrate_const(stepper, body, x, 0.0, 100.0, 0.01);
/// \endcode
///
/// **Rounding.** Each flow is an exact rotation, but a rotation computed in floating point is
/// orthogonal only to rounding, and when the same rotation recurs step after step (the symmetric
/// top's rotation about Π, whose length is constant) its defect adds up linearly. After each step
/// the attitude is therefore corrected by one Newton–Schulz step toward the polar factor,
/// R ← R (3I − RᵀR)/2, or the quaternion normalized (as NO_SQUISH does): a change of the order
/// of the rounding that keeps ‖RᵀR − I‖ at a few ε over any run.
///
/// The state is odeint's pair (q, p): q the attitude — the rotation matrix R (body to space) as
/// 9 entries in row-major order, or a unit quaternion (w, x, y, z) as 4 entries — and p the body
/// angular momentum Π (3 entries); containers as for every geomint stepper (std::array,
/// std::vector, Eigen vectors). The system is the `rigid_body` model. dt < 0 steps backward (the
/// schemes are symmetric). A body that also translates (`translating_rigid_body`,
/// model/translating_rigid_body.hpp) has x after the attitude in q (12 or 7 entries) and its
/// momentum after Π in p (6 entries); the schemes move them in their kicks and drifts.
///
/// Checked each step with `checked` (std::invalid_argument naming the value): dt finite and
/// non-zero; p of 3 entries and q of 9 or 4, every entry finite; the attitude on SO(3) to √ε —
/// ‖RᵀR − I‖ (max entry) and det R > 0, or | |q| − 1 |, and a quaternion of zero norm named as
/// such. The bound √ε refuses an attitude that is not a rotation while letting the rounding of
/// long runs (about ε√N after N steps) pass. `rigid_body_options{.project_attitude = true}`
/// instead puts the attitude onto SO(3) at the start of each step (the nearest rotation by the
/// SVD; the quaternion normalized), for attitudes from other codes or read from files.

#include "geomint/error.hpp"
#include "geomint/linalg.hpp"
#include "geomint/matrix.hpp"
#include "geomint/model/rigid_body.hpp"
#include "geomint/model/translating_rigid_body.hpp"
#include "geomint/model/system_form.hpp"
#include "geomint/scheme/rigid/exact_free_flow_splitting.hpp"
#include "geomint/scheme/rigid/lie_group_variational.hpp"
#include "geomint/scheme/rigid/rotor_splitting.hpp"
#include "geomint/scheme/rigid/symmetric_top_splitting.hpp"
#include "geomint/solver/options.hpp"
#include "geomint/so3.hpp"
#include "geomint/state.hpp"
#include "geomint/stepper/stepper_base.hpp"

#include <cmath>
#include <limits>
#include <stdexcept>
#include <string>
#include <type_traits>

namespace geomint {

/// Options of the rigid-body steppers.
struct rigid_body_options {
    /// Put the attitude onto SO(3) at the start of each step instead of refusing one off it.
    bool project_attitude = false;
    /// The Newton solves of the implicit schemes (lie_group_variational and its compositions).
    iteration_options iteration{};
};

/// Odeint stepper (`stepper_tag`) of a rigid body: `Scheme` is `scheme::rotor_splitting` or
/// `scheme::rotor_composition<Method>` (see the file's comment).
/// \tparam Coor     attitude container: 9 entries (R, row-major) or 4 (quaternion w, x, y, z).
/// \tparam Momentum body angular momentum container (3 entries).
/// \tparam Scheme   the splitting or a composition of it.
/// \tparam Checks   `checked` (default) or `unchecked`.
template <class Coor, class Momentum, class Scheme = scheme::rotor_splitting, class Checks = checked>
class rigid_body_stepper : public stepper_base<rigid_body_stepper<Coor, Momentum, Scheme, Checks>, Scheme, Coor, Momentum, Checks> {
    using base = stepper_base<rigid_body_stepper, Scheme, Coor, Momentum, Checks>;
    friend base;

public:
    /// Time type: the scalar type.
    using typename base::time_type;
    /// Scalar type (odeint's `value_type`).
    using typename base::value_type;

    /// \param options whether the attitude is projected onto SO(3) at each step.
    explicit rigid_body_stepper(rigid_body_options options = {}) : m_options(options) {}
    /// The options.
    const rigid_body_options& options() const { return m_options; }

private:
    using T = value_type;
    using matrix3 = so3::matrix3<T>;

    static T tolerance() {
        using std::sqrt;
        return sqrt(std::numeric_limits<T>::epsilon());
    }

    static constexpr bool implicit = Scheme::implicit;

    template <class System, class QIn, class PIn, class QOut, class POut>
    void step(System& body, const QIn& q_in, const PIn& p_in, const time_type& t, QOut& q_out, POut& p_out,
              const time_type& dt) {
        static_assert(form_of<System>() == system_form::rigid_body,
                      "a rigid-body stepper steps a geomint::rigid_body or translating_rigid_body (model/)");
        using body_type = std::remove_cv_t<System>;  // unwrapped by stepper_base
        constexpr bool translates = body_type::translates;
        constexpr int tail = translates ? 3 : 0;  // x after the attitude, p after Π
        const auto q = as_eigen(q_in);
        const auto p = as_eigen(p_in);
        const Eigen::Index attitude_size = q.size() - tail;
        if constexpr (base::checks_enabled) {
            if (p.size() != 3 + tail)
                throw std::invalid_argument(std::string(Scheme::name) +
                                            (translates ? ": p (the body angular momentum, then the momentum) has "
                                                        : ": p (the body angular momentum) has ") +
                                            std::to_string(p.size()) + " entries (precondition: " + std::to_string(3 + tail) + ")");
            if (attitude_size != 9 && attitude_size != 4)
                throw std::invalid_argument(std::string(Scheme::name) +
                                            (translates ? ": q (the attitude, then the centre of mass) has " : ": q (the attitude) has ") +
                                            std::to_string(q.size()) + " entries (precondition: " +
                                            (translates ? "12 or 7: the attitude (9, the rotation matrix row by row, or 4, a quaternion), "
                                                          "then the centre of mass (3)"
                                                        : "9, the rotation matrix row by row, or 4, a quaternion") +
                                            ")");
            if (!all_finite(q) || !all_finite(p)) detail::throw_non_finite_state(Scheme::name, q, p);
        }
        vector<T, 3> pi = p.template head<3>();
        vector<T, 3> x = vector<T, 3>::Zero(), momentum = vector<T, 3>::Zero();
        if constexpr (translates) {
            x = q.template tail<3>();
            momentum = p.template tail<3>();
        }
        // the body the schemes step: for a translating one, with (x, p) bound for this step
        auto stepped = [&]() -> decltype(auto) {
            if constexpr (translates) return detail::bound_translation<body_type>(body, x, momentum);
            else return static_cast<const body_type&>(body);
        };
        constexpr int rows = std::remove_cvref_t<decltype(q)>::RowsAtCompileTime;
        constexpr int attitude_rows = rows == Eigen::Dynamic ? Eigen::Dynamic : rows - tail;
        static_assert(attitude_rows == 9 || attitude_rows == 4 || attitude_rows == Eigen::Dynamic,
                      "a rigid-body attitude has 9 entries (the rotation matrix row by row) or 4 (a quaternion), "
                      "followed by the centre of mass (3) for a translating body");
        if constexpr (attitude_rows != 4) {
            if (attitude_size == 9) {
                matrix3 R;
                for (int i = 0; i < 3; ++i)
                    for (int j = 0; j < 3; ++j) R(i, j) = q(3 * i + j);
                prepare_matrix(R);
                if constexpr (implicit) Scheme::step(stepped(), T(t), T(dt), R, pi, m_options.iteration);
                else Scheme::step(stepped(), T(t), T(dt), R, pi);
                R = so3::newton_schulz_step(R);  // the rounding correction (see the file's comment)
                resize_state(q_out, 9 + tail);
                auto out = as_eigen(q_out);
                for (int i = 0; i < 3; ++i)
                    for (int j = 0; j < 3; ++j) out(3 * i + j) = R(i, j);
            }
        }
        if constexpr (attitude_rows != 9) {
            if (attitude_size == 4) {
                vector<T, 4> quaternion;
                for (int i = 0; i < 4; ++i) quaternion(i) = q(i);
                prepare_quaternion(quaternion);
                if constexpr (implicit) {  // the implicit schemes step the rotation matrix
                    matrix3 R = so3::rotation_of(quaternion);
                    Scheme::step(stepped(), T(t), T(dt), R, pi, m_options.iteration);
                    quaternion = so3::quaternion_of(R, quaternion);  // of the sign nearest the previous one
                } else {
                    Scheme::step(stepped(), T(t), T(dt), quaternion, pi, body.principal_axes_quaternion());
                }
                quaternion /= quaternion.norm();  // the rounding correction
                resize_state(q_out, 4 + tail);
                auto out = as_eigen(q_out);
                for (int i = 0; i < 4; ++i) out(i) = quaternion(i);
            }
        }
        resize_state(p_out, 3 + tail);
        auto p_new = as_eigen(p_out);
        p_new.template head<3>() = pi;
        if constexpr (translates) {
            as_eigen(q_out).template tail<3>() = x;
            p_new.template tail<3>() = momentum;
        }
    }

    // R on SO(3) to √ε (checked), or projected onto it (option)
    void prepare_matrix(matrix3& R) const {
        if (m_options.project_attitude) {
            R = so3::project_onto_so3(R);
            return;
        }
        if constexpr (base::checks_enabled) {
            const T defect = so3::orthogonality_defect(R);
            if (!(defect <= tolerance()) || !(R.determinant() > T(0)))
                throw std::invalid_argument(std::string(Scheme::name) + ": the attitude is off SO(3): max |R^T R - I| = " +
                                            geomint::to_string(defect) + ", det R = " + geomint::to_string(T(R.determinant())) +
                                            " (precondition: a rotation, to sqrt(epsilon) = " + geomint::to_string(tolerance()) +
                                            "; geomint::so3::project_onto_so3 or rigid_body_options{.project_attitude = "
                                            "true} puts it there)");
        }
    }
    void prepare_quaternion(vector<T, 4>& q) const {
        using std::abs;
        const T norm = q.norm();
        if (!(norm > T(0)))
            throw std::invalid_argument(std::string(Scheme::name) +
                                        ": the attitude quaternion has zero norm (precondition: a unit quaternion)");
        if (m_options.project_attitude) {
            q /= norm;
            return;
        }
        if constexpr (base::checks_enabled) {
            if (!(abs(norm - T(1)) <= tolerance()))
                throw std::invalid_argument(std::string(Scheme::name) + ": the attitude quaternion has norm " +
                                            geomint::to_string(norm) + " (precondition: 1 to sqrt(epsilon) = " +
                                            geomint::to_string(tolerance()) +
                                            "; rigid_body_options{.project_attitude = true} normalizes it)");
        }
    }
    rigid_body_options m_options;
};

/// The rigid body's splitting composed with the weights of `Method` (order Method::order).
template <class Coor, class Momentum, class Method, class Checks = checked>
using composed_rigid_body_stepper = rigid_body_stepper<Coor, Momentum, scheme::rotor_composition<Method>, Checks>;

/// The symmetric top's splitting (I₁ = I₂): the exact free flow and kicks, Π₃ kept exactly for a
/// potential symmetric about the body axis (order 2).
template <class Coor, class Momentum, class Checks = checked>
using symmetric_top_stepper = rigid_body_stepper<Coor, Momentum, scheme::symmetric_top_splitting, Checks>;

/// The splitting into the free body's exact flow and the potential's kicks (Celledoni et al.
/// 2008; order 2, exact for the free body), scheme/rigid/exact_free_flow_splitting.hpp.
template <class Coor, class Momentum, class Checks = checked>
using exact_free_flow_stepper = rigid_body_stepper<Coor, Momentum, scheme::exact_free_flow_splitting<>, Checks>;

/// The exact-free-flow splitting composed with the weights of `Method`.
template <class Coor, class Momentum, class Method, class Checks = checked>
using composed_exact_free_flow_stepper =
    rigid_body_stepper<Coor, Momentum, scheme::rotor_composition<Method, scheme::exact_free_flow_splitting<>>, Checks>;

/// The Lie group variational integrator (the discrete Moser–Veselov map for the free body; order
/// 2, implicit: Newton on the Cayley parameter, `rigid_body_options::iteration`).
template <class Coor, class Momentum, class Checks = checked>
using lie_group_variational_stepper = rigid_body_stepper<Coor, Momentum, scheme::lie_group_variational, Checks>;

/// The Lie group variational integrator composed with the weights of `Method`.
template <class Coor, class Momentum, class Method, class Checks = checked>
using composed_lie_group_variational_stepper =
    rigid_body_stepper<Coor, Momentum, scheme::rotor_composition<Method, scheme::lie_group_variational>, Checks>;

}  // namespace geomint
