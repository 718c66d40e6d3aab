#pragma once
/// \file
/// The symplecticity defect of a rigid-body stepper on T*SO(3): its one-step map (R, Π) ↦ (R', Π')
/// carried to the constrained phase space of the body on the nine entries of R
/// (model/embedded_rigid_body.hpp: P = R Ω̂ J_d, Π = vee(RᵀP − PᵀR), a symplectomorphism onto
/// T*SO(3)) and measured there as the restricted defect of the embedded map
/// (analysis/restricted_symplecticity.hpp: the tangent map by central differences on a basis of
/// the tangent space, 6 directions). Truncation O(δ²), rounding O(ε/δ): measure in a scalar with
/// more digits than the defect to be seen (at 100 digits with δ = 1e-33, about 1e-66).

#include "geomint/analysis/restricted_symplecticity.hpp"
#include "geomint/model/embedded_rigid_body.hpp"
#include "geomint/model/rigid_body.hpp"
#include "geomint/so3.hpp"

#include <array>
#include <utility>
#include <vector>

namespace geomint {

namespace detail {
/// A rigid-body stepper seen as a stepper of the embedded body: (R, P) → (R, Π), one step (on
/// a rotation matrix, or on its quaternion when `Entries` is 4), → (R', P').
template <class RigidStepper, class T, class Potential, int Entries>
struct embedded_rigid_stepper {
    RigidStepper stepper;
    const embedded_rigid_body<T, Potential>* embedded;

    template <class System, class State>
    void do_step(System& /*constrained*/, State& y, const T& t, const T& dt) {
        const so3::matrix3<T> R = embedded->matrix_of(y.first);
        const vector<T, 3> pi = embedded->body_momentum(y.first, y.second);
        so3::matrix3<T> R1;
        std::array<T, 3> p{pi(0), pi(1), pi(2)};
        if constexpr (Entries == 4) {  // a quaternion stepper: R ↦ q, the step, q ↦ R
            const vector<T, 4> e = so3::quaternion_of(R);
            auto x = std::make_pair(std::array<T, 4>{e(0), e(1), e(2), e(3)}, p);
            stepper.do_step(embedded->body(), x, t, dt);
            R1 = so3::rotation_of(vector<T, 4>(x.first[0], x.first[1], x.first[2], x.first[3]));
            p = x.second;
        } else {
            std::pair<std::array<T, 9>, std::array<T, 3>> x;
            for (int i = 0; i < 9; ++i) x.first[std::size_t(i)] = R(i / 3, i % 3);
            x.second = p;
            stepper.do_step(embedded->body(), x, t, dt);
            R1 = detail::matrix_of_rows<T>(x.first);
            p = x.second;
        }
        const auto z = embedded->embed(R1, vector<T, 3>(p[0], p[1], p[2]));
        for (std::size_t i = 0; i < 9; ++i) {
            y.first[i] = z.first(Eigen::Index(i));
            y.second[i] = z.second(Eigen::Index(i));
        }
    }
};
}  // namespace detail

/// max |(Φ'V)ᵀ J (Φ'V) − Vᵀ J V| / max |Vᵀ J V| of one step of `stepper` (a rigid-body stepper on
/// states (R row by row as std::array<T, 9>, or with `AttitudeEntries` = 4 a quaternion as
/// std::array<T, 4>; Π as std::array<T, 3>)) with `dt` from (R, Π) at t,
/// on the constrained phase space of `body` embedded in ℝ⁹ × ℝ⁹ (see the file's comment), Φ' by
/// central differences with step `delta`.
/// \throws std::invalid_argument as `embedded_rigid_body` (second moments not all > 0).
template <int AttitudeEntries = 9, class RigidStepper, class T, class Potential>
T rigid_symplecticity_defect(const RigidStepper& stepper, const rigid_body<T, Potential>& body, const so3::matrix3<T>& R,
                             const vector<T, 3>& pi, const T& t, const T& dt, const T& delta) {
    using Coor = std::vector<T>;
    const embedded_rigid_body<T, Potential> embedded(body);
    auto system = embedded.template system<Coor>();
    const auto z = embedded.embed(R, pi);
    const std::pair<Coor, Coor> x{Coor(z.first.data(), z.first.data() + 9), Coor(z.second.data(), z.second.data() + 9)};
    static_assert(AttitudeEntries == 9 || AttitudeEntries == 4, "an attitude of 9 entries (R) or 4 (a quaternion)");
    const detail::embedded_rigid_stepper<RigidStepper, T, Potential, AttitudeEntries> adapter{stepper, &embedded};
    return restricted_symplecticity_defect(adapter, system, x, t, dt, delta);
}

}  // namespace geomint
