#pragma once
/// \file
/// GiNaC::ex as a geomint scalar type: the library's own templates (transfer matrices, X_s,
/// Y_s, the conserved form, …) instantiated on symbols, for the executable proofs (proofs/).
/// Opt-in: not included by geomint.hpp; link GiNaC (`pkg-config ginac`).
///
/// - `Eigen::NumTraits<GiNaC::ex>`: Eigen matrices of expressions (products, sums, blocks).
/// - `geomint::scalar_traits<GiNaC::ex>`: exact and symbolic (`is_symbolic_v`): preconditions
///   such as h > 0 are assumptions on the symbols, not checked.
/// - `geomint::linear_solver<GiNaC::ex>`: `try_solve` by GiNaC's `matrix::solve` (no pivot
///   comparisons), entries brought to normal form; singular means a determinant that
///   normalizes to 0.
/// - `geomint::symbolic::normal(m)`, `is_zero(m)`: entrywise normal form and exact zero test.
#include "geomint/linalg.hpp"

#include <ginac/ginac.h>

#include <string>

/// \cond GEOMINT_SPECIALIZATIONS
// Eigen's traits of GiNaC::ex: an exact scalar (epsilon 0).
namespace Eigen {
template <>
struct NumTraits<GiNaC::ex> : GenericNumTraits<GiNaC::ex> {
    using Real = GiNaC::ex;
    using NonInteger = GiNaC::ex;
    using Nested = GiNaC::ex;
    using Literal = GiNaC::ex;
    enum { IsComplex = 0, IsInteger = 0, IsSigned = 1, RequireInitialization = 1, ReadCost = 1, AddCost = 3, MulCost = 3 };
    static inline Real epsilon() { return 0; }
    static inline Real dummy_precision() { return 0; }
    static inline int digits10() { return 0; }
};
}  // namespace Eigen
/// \endcond

namespace geomint {

/// Exact, symbolic scalar: tolerances 0.
template <>
struct scalar_traits<GiNaC::ex> {
    /// Exact: tolerances are 0.
    static constexpr bool is_exact = true;
    /// Symbolic.
    static constexpr bool is_symbolic = true;
    /// No finite digit count.
    static constexpr int digits10 = 0;
    /// 0.
    static GiNaC::ex epsilon() { return 0; }
    /// 0.
    static GiNaC::ex tolerance(unsigned) { return 0; }
    /// "symbolic".
    static std::string name() { return "symbolic"; }
};

namespace symbolic {

/// Entrywise normal form (rational functions as numerator/denominator in lowest terms).
template <class Derived>
matrix<GiNaC::ex> normal(const Eigen::MatrixBase<Derived>& m) {
    matrix<GiNaC::ex> r(m.rows(), m.cols());
    for (Eigen::Index i = 0; i < m.rows(); ++i)
        for (Eigen::Index j = 0; j < m.cols(); ++j) r(i, j) = GiNaC::normal(GiNaC::ex(m(i, j)));
    return r;
}

/// True when every entry normalizes to exactly 0.
template <class Derived>
bool is_zero(const Eigen::MatrixBase<Derived>& m) {
    for (Eigen::Index i = 0; i < m.rows(); ++i)
        for (Eigen::Index j = 0; j < m.cols(); ++j)
            if (!GiNaC::normal(GiNaC::ex(m(i, j))).is_zero()) return false;
    return true;
}

/// Conversions between Eigen and GiNaC matrices.
inline GiNaC::matrix to_ginac(const matrix<GiNaC::ex>& m) {
    GiNaC::matrix g(static_cast<unsigned>(m.rows()), static_cast<unsigned>(m.cols()));
    for (Eigen::Index i = 0; i < m.rows(); ++i)
        for (Eigen::Index j = 0; j < m.cols(); ++j) g(unsigned(i), unsigned(j)) = m(i, j);
    return g;
}
/// Converts a GiNaC matrix to an Eigen matrix of GiNaC::ex.
inline matrix<GiNaC::ex> from_ginac(const GiNaC::matrix& g) {
    matrix<GiNaC::ex> m(g.rows(), g.cols());
    for (unsigned i = 0; i < g.rows(); ++i)
        for (unsigned j = 0; j < g.cols(); ++j) m(i, j) = g(i, j);
    return m;
}

}  // namespace symbolic

/// Exact solves for GiNaC::ex (GiNaC's `matrix::solve`).
template <>
struct linear_solver<GiNaC::ex> {
    /// Solves a x = b exactly; false if det a normalizes to 0.
    static bool solve(const matrix<GiNaC::ex>& a, const matrix<GiNaC::ex>& b, matrix<GiNaC::ex>& x) {
        const GiNaC::matrix A = symbolic::to_ginac(a), B = symbolic::to_ginac(b);
        if (GiNaC::normal(A.determinant()).is_zero()) return false;
        GiNaC::matrix vars(A.cols(), B.cols());
        for (unsigned i = 0; i < vars.rows(); ++i)
            for (unsigned j = 0; j < vars.cols(); ++j)
                vars(i, j) = GiNaC::symbol("x" + std::to_string(i) + "_" + std::to_string(j));
        x = symbolic::normal(symbolic::from_ginac(A.solve(vars, B)));
        return true;
    }
};

}  // namespace geomint
