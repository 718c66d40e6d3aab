#pragma once
/// \file
/// RATTLE (Andersen, J. Comput. Phys. 52 (1983) 24; Leimkuhler & Skeel, J. Comput. Phys. 112
/// (1994) 117; Hairer, Lubich, Wanner, GNI (2006) §VII.1.4, eq. (1.26)) for
/// H = ½ pᵀ M⁻¹ p + V(q) on the manifold g(q) = 0 (model/constrained_system.hpp), F = −∇V:
///
///     p_{1/2} = p_n + (h/2) (F(q_n) − G(q_n)ᵀ λ_n),                                        (1)
///     q_{n+1} = q_n + h M⁻¹ p_{1/2},         g(q_{n+1}) = 0,                               (2)
///     p_{n+1} = p_{1/2} + (h/2) (F(q_{n+1}) − G(q_{n+1})ᵀ μ_n),  G(q_{n+1}) M⁻¹ p_{n+1} = 0.   (3)
///
/// With ν = (h²/2) λ_n and B = M⁻¹ G(q_n)ᵀ, (2) is g(q̃ − B ν) = 0 for q̃ = q_n + h M⁻¹ p̃,
/// p̃ = p_n + (h/2) F(q_n): m equations in ν, solved by Newton (manifold_projection.hpp); then
/// p_{1/2} = p̃ − G(q_n)ᵀ ν / h, and (3) is the linear momentum projection of
/// p̂ = p_{1/2} + (h/2) F(q_{n+1}) with κ = (h/2) μ_n.
///
/// Properties (GNI Theorems VII.1.15, VII.1.17): order 2, symplectic on the constrained phase
/// space, symmetric (the step with −h from (q_{n+1}, p_{n+1}) returns (q_n, p_n)), q_{n+1} on
/// the manifold to the Newton tolerance and p_{n+1} on the hidden constraint to rounding.
/// Symmetric compositions of it keep all three and raise the order (Reich, SIAM J. Numer. Anal.
/// 33 (1996) 475): `rattle_composition<Method>` with the splitting catalogue's weights.

#include "geomint/error.hpp"
#include "geomint/linalg.hpp"
#include "geomint/scheme/composition/symmetric_composition.hpp"
#include "geomint/scheme/constrained/manifold_projection.hpp"
#include "geomint/scheme/traits.hpp"
#include "geomint/solver/options.hpp"
#include "geomint/sparse.hpp"

#include <string>
#include <vector>

namespace geomint::scheme {

/// G(q) and M⁻¹ G(q)ᵀ at the q they were computed at: the closing values of one step are the
/// opening ones of the next (one Jacobian and M⁻¹Gᵀ saved per step), and the factorizations of
/// the position and momentum solves (a sparse one keeps its ordering and workspace). Holds a dense
/// and a sparse entry; a model uses the one of its matrix type (`of<Model>()`).
template <class T>
struct constraint_frame {
    /// The cached frame for one matrix type.
    template <class Matrix>
    struct entry {
        /// Coordinates the frame was computed at.
        vector<T> q;
        Matrix G;  ///< the constraint Jacobian G(q) (m × n)
        Matrix B;  ///< M⁻¹Gᵀ (n × m)
        reusable_lu<Matrix> position_lu;  ///< the position solve's factorization, kept
        reusable_lu<Matrix> momentum_lu;  ///< the momentum solve's factorization, kept

        /// Recomputes G and M⁻¹Gᵀ unless the frame is at \p at already.
        template <class Model>
        void update(const Model& model, const vector<T>& at) {
            if (q.size() == at.size() && q == at) return;
            q = at;
            G = model.constraint_jacobian(at);
            B = model.inverse_mass_times_transpose(G);
        }
    };
    /// Entry of dense models.
    entry<matrix<T>> dense;
    /// Entry of sparse models.
    entry<sparse_matrix<T>> sparse;

    /// The entry of Model's matrix type.
    template <class Model>
    auto& of() {
        if constexpr (Model::is_sparse) return sparse;
        else return dense;
    }
};

/// RATTLE, eqs. (1)–(3).
struct rattle : geomint::scheme_claims<2, symplectic_map | time_symmetric>, geomint::stability_not_analysed {
    /// Short name, as used in reports and test names.
    static constexpr const char* name = "rattle";
    /// The publication and equations this is taken from.
    static constexpr const char* source =
        "Andersen (1983); Leimkuhler & Skeel (1994); Hairer, Lubich, Wanner, GNI (2006) VII.1.4, eq. (1.26)";

    /// The substeps' weights: one step of h.
    template <class T>
    static const std::vector<T>& weights() {
        static const std::vector<T> w{T(1)};
        return w;
    }

    /// One step of signed h ≠ 0 from (q, p) (on the constrained phase space): the increments
    /// dq = q_{n+1} − q_n and dp = p_{n+1} − p_n, computed as sums of the step's terms (for
    /// compensated summation). `frame` holds G and M⁻¹Gᵀ at q on entry (updated if not) and at
    /// q_{n+1} on exit.
    /// \throws geomint::convergence_error when the position Newton fails (iterations, residual);
    ///         std::invalid_argument when the constraints are redundant at q_{n+1} (the rank).
    template <class Model, class T = typename Model::value_type>
    static void step(const Model& model, const vector<T>& q, const vector<T>& p, const T& h, constraint_frame<T>& frame,
                     const iteration_options& opt, vector<T>& dq, vector<T>& dp) {
        auto& f = frame.template of<Model>();
        f.update(model, q);  // f.G, f.B at q_n until the update at q_{n+1} below
        const vector<T> kick0 = (h / T(2)) * model.force(q);
        dq = h * model.inverse_mass(vector<T>(p + kick0));
        vector<T> nu;
        try {
            nu = detail::position_multiplier(model, vector<T>(q + dq), f.B, detail::constraint_scale(f.G, q), opt, name,
                                             f.position_lu);
        } catch (const convergence_error& e) {  // name the step size too
            throw convergence_error(std::string(e.what()) + " in the position solve at h = " + geomint::to_string(h) +
                                        " (a smaller step keeps q + h M^-1 p near the manifold)",
                                    e.iterations, e.residual);
        }
        dq -= f.B * nu;
        dp = kick0 - f.G.transpose() * nu / h;
        const vector<T> q1 = q + dq;
        f.update(model, q1);
        dp += (h / T(2)) * model.force(q1);
        dp -= detail::momentum_correction(f.G, f.B, vector<T>(p + dp), name, f.momentum_lu);
    }
};

/// A symmetric composition of RATTLE, ψ_h = Φ_{γ_s h} ∘ ⋯ ∘ Φ_{γ_1 h} with the weights of
/// `Method` (scheme/composition/symmetric_composition.hpp: yoshida4, suzuki4, yoshida6,
/// kahan_li6, yoshida8, ...): order Method::order (Reich 1996), symplectic and symmetric.
template <class Method>
struct rattle_composition : geomint::scheme_claims<Method::order, symplectic_map | time_symmetric>,
                            geomint::stability_not_analysed {
    /// Short name, as used in reports and test names.
    static constexpr const char* name = "rattle_composition";
    /// The publication and equations this is taken from.
    static constexpr const char* source = "Reich, SIAM J. Numer. Anal. 33 (1996) 475; weights: Method::source";
    /// The composition method whose weights are used.
    using method = Method;

    /// The composition weights in T.
    template <class T>
    static const std::vector<T>& weights() {
        return Method::template weights<T>();
    }
};

}  // namespace geomint::scheme
