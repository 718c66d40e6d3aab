#pragma once
/// \file
/// `forward_jet<T, Capacity, Order>`: forward-mode differentiation in all m directions of a
/// point at once — a value, its gradient (m entries) and, for Order 2, its Hessian (m × m) —
/// so that one evaluation of a function gives what m first-order (or m(m + 1)/2 second-order)
/// passes of `dual<T>` give. geomint uses it for a Lagrangian's first and second derivatives
/// (model/lagrangian_system.hpp), where m = 2n is small and the evaluation of L is the cost: at
/// 50 digits the transcendental functions are, and a jet evaluates each of them once. The sine
/// and cosine of a jet need both sin and cos of its value: for software scalars (dd, float128,
/// mp<D>, mpfr<D>) one comes from the library and the other from a square root
/// (`detail::sin_and_cos`, geomint/scalar.hpp), which takes the nonlinear double pendulum's
/// Galerkin step at mp50 from 8.41 to 5.75 million instructions (Degree 2; 11.95 to 8.53 at
/// Degree 4; bench/step_instructions.sh, Release build).
///
/// Boost.Math autodiff carries one direction per variable (its multivariate mode nests one
/// level per variable with a compile-time count, and a second-order tensor over m variables
/// holds 3^m coefficients); Eigen's AutoDiffScalar carries m directions but returns expression
/// templates, which dangle when a Lagrangian stores an intermediate in `auto`. A jet is always a
/// plain value.
///
/// Rules (Griewank & Walther, *Evaluating Derivatives*, 2nd ed., §13.2, second-order forward
/// mode): for u = a ∘ b and u = f(a),
///     ∇(ab) = a∇b + b∇a,    ∇²(ab) = a∇²b + b∇²a + ∇a∇bᵀ + ∇b∇aᵀ,
///     ∇f(a) = f′(a)∇a,      ∇²f(a) = f′(a)∇²a + f″(a)∇a∇aᵀ.
///
/// Storage (`jet_size::at_most`, the default): Eigen vectors and matrices of runtime size
/// m ≤ Capacity held in place (no heap), or on the heap for Capacity = Eigen::Dynamic.
/// `jet_size::exactly`: m = Capacity fixed at compile time (fixed-size Eigen vectors and
/// matrices, loops the compiler unrolls), what a stepper with fixed-size states evaluates a model
/// on (model/lagrangian_system.hpp). The Hessian is symmetric to the bit (each entry is computed
/// once and mirrored). A jet with m = 0 is a constant; it combines with jets of any m. Two jets
/// with m > 0 must have the same m (an assertion).
///
/// A second-order jet knows when its Hessian is zero (a constant, a variable, and their scalings
/// and sums: the jets a Lagrangian's velocities and angle differences are): its Hessian is then
/// not stored, a product of two such jets is the two outer products of their gradients alone, and
/// f(x) of one is f″(x)∇x∇xᵀ alone. The terms left out are exact zeros, so the results are those
/// of the full rules to the bit (for finite values). On the double pendulum's Lagrangian this
/// takes a Galerkin step at double from 26 577 to 24 887 instructions (Degree 2, fixed-size
/// states, callgrind; the same states to the bit).

#include "geomint/scalar.hpp"

#include <Eigen/Core>

#include <cassert>
#include <concepts>
#include <type_traits>

namespace geomint {

/// How a jet's number of directions m relates to its `Capacity`.
enum class jet_size {
    at_most,  ///< m ≤ Capacity, set at run time (Capacity = Eigen::Dynamic: unbounded, on the heap)
    exactly   ///< m = Capacity (> 0), fixed at compile time; a constant has m = 0
};

template <class T, int Capacity, int Order, jet_size Size = jet_size::at_most>
class forward_jet;

template <class U>
struct is_forward_jet : std::false_type {};
template <class T, int C, int O, jet_size Z>
struct is_forward_jet<forward_jet<T, C, O, Z>> : std::true_type {};

/// A value of type `T` with its gradient and (Order 2) Hessian over m ≤ Capacity directions.
///
/// \tparam T        the scalar (double, quad, mp<D>, ...).
/// \tparam Capacity the largest m held in place, or Eigen::Dynamic (heap storage).
/// \tparam Order    1 (value and gradient) or 2 (also the Hessian).
/// \tparam Size     `jet_size::at_most` (m set at run time) or `jet_size::exactly` (m = Capacity).
///
/// Arithmetic with jets, `T` and built-in arithmetic types; comparisons compare values; the
/// functions below are found by argument-dependent lookup (write `using std::cos; cos(x)`).
template <class T, int Capacity, int Order, jet_size Size>
class forward_jet {
    static_assert(Order == 1 || Order == 2, "forward_jet: Order must be 1 or 2");
    static_assert(Size == jet_size::at_most || Capacity > 0, "forward_jet: jet_size::exactly needs a Capacity > 0");
    static constexpr bool exact = Size == jet_size::exactly;

public:
    /// Scalar type.
    using value_type = T;
    /// Gradient: one entry per direction (at most Capacity, or exactly).
    using gradient_type = std::conditional_t<exact, Eigen::Matrix<T, Capacity, 1>,
                                             Eigen::Matrix<T, Eigen::Dynamic, 1, 0, Capacity, 1>>;
    /// Hessian over the directions (symmetric; empty unless Order = 2).
    using hessian_type =
        std::conditional_t<exact, Eigen::Matrix<T, Capacity, Capacity>,
                           Eigen::Matrix<T, Eigen::Dynamic, Eigen::Dynamic, 0, Capacity, Capacity>>;
    /// Highest derivative order carried (1 or 2).
    static constexpr int order = Order;

    forward_jet() : m_value(0) {}
    /// The constant `c` (m = 0).
    template <class S>
        requires std::is_arithmetic_v<S> || std::same_as<S, T>
    forward_jet(const S& c) : m_value(c) {}  // NOLINT: implicit, as a scalar literal in L

    /// The variable number `k` of `m` directions at `value`: gradient e_k, Hessian 0.
    static forward_jet variable(const T& value, Eigen::Index k, Eigen::Index m) {
        forward_jet x;
        x.assign_variable(value, k, m);
        return x;
    }
    /// This jet made the variable number `k` of `m` directions at `value`, in place (as
    /// `variable`, without a temporary).
    void assign_variable(const T& value, Eigen::Index k, Eigen::Index m) {
        assert(k >= 0 && k < m);
        m_value = value;
        make_variable(m);
        m_gradient.setZero();
        m_gradient(k) = T(1);
        if constexpr (Order == 2) m_flat.zero = true;
    }

    /// The value.
    const T& value() const { return m_value; }
    /// ∇ (m entries; empty for a constant, unspecified entries for a constant of `jet_size::exactly`).
    const gradient_type& gradient() const { return m_gradient; }
    /// ∇² (m × m; empty for a constant, zero entries for a constant of `jet_size::exactly`). Order 2 only.
    hessian_type hessian() const
        requires(Order == 2)
    {
        if (!m_flat.zero) return m_hessian;
        if constexpr (exact) return hessian_type::Zero();
        else return hessian_type::Zero(directions(), directions());
    }
    /// m: the number of directions (0 for a constant).
    Eigen::Index directions() const {
        if constexpr (exact) return m_variable ? Capacity : 0;
        else return m_gradient.size();
    }
    /// The value (derivatives dropped).
    explicit operator T() const { return m_value; }

    /// Negation.
    forward_jet operator-() const { return scaled(T(-1)); }
    /// Unary plus.
    forward_jet operator+() const { return *this; }

    /// In-place sum.
    forward_jet& operator+=(const forward_jet& b) { return *this = sum(*this, b, T(1)); }
    /// In-place difference.
    forward_jet& operator-=(const forward_jet& b) { return *this = sum(*this, b, T(-1)); }
    /// In-place product (Leibniz rule).
    forward_jet& operator*=(const forward_jet& b) { return *this = product(*this, b); }
    /// In-place quotient.
    forward_jet& operator/=(const forward_jet& b) { return *this = quotient(*this, b); }

    /// a + sign·b (sign = ±1), into a new jet.
    static forward_jet sum(const forward_jet& a, const forward_jet& b, const T& sign) {
        if (b.directions() == 0) {
            forward_jet r = a;
            r.m_value += sign * b.m_value;
            return r;
        }
        forward_jet r = b.scaled(sign);
        r.m_value += a.m_value;
        if (a.directions() == 0) return r;
        assert(a.directions() == b.directions());
        r.m_gradient += a.m_gradient;
        if constexpr (Order == 2) {
            if (!a.m_flat.zero) {
                if (r.m_flat.zero) r.m_hessian = a.m_hessian;
                else r.m_hessian += a.m_hessian;
                r.m_flat.zero = false;
            }
        }
        return r;
    }
    /// a·b into a new jet (the product rule).
    static forward_jet product(const forward_jet& a, const forward_jet& b) {
        if (b.directions() == 0) return a.scaled(b.m_value);
        if (a.directions() == 0) return b.scaled(a.m_value);
        assert(a.directions() == b.directions());
        forward_jet r(a.m_value * b.m_value);
        const Eigen::Index m = directions_of(a);
        r.make_variable(m);
        r.m_gradient.noalias() = a.m_value * b.m_gradient + b.m_value * a.m_gradient;
        if constexpr (Order == 2) {
            const bool za = a.m_flat.zero, zb = b.m_flat.zero;
            if (za && zb) product_hessian<false, false>(a, b, r, m);
            else if (za) product_hessian<false, true>(a, b, r, m);
            else if (zb) product_hessian<true, false>(a, b, r, m);
            else product_hessian<true, true>(a, b, r, m);
            r.m_flat.zero = false;
        }
        return r;
    }
    /// a/b into a new jet.
    static forward_jet quotient(const forward_jet& a, const forward_jet& b) {
        if (b.directions() == 0) return a.scaled(T(1) / b.m_value);
        const T r = T(1) / b.m_value;
        return product(a, b.chain(r, -r * r, T(2) * r * r * r));
    }
    /// c·x into a new jet.
    forward_jet scaled(const T& c) const {
        forward_jet r(c * m_value);
        if (directions() == 0) return r;
        r.make_variable(directions_of(*this));
        r.m_gradient.noalias() = c * m_gradient;
        if constexpr (Order == 2) {
            r.m_flat.zero = m_flat.zero;
            if (!m_flat.zero) r.m_hessian.noalias() = c * m_hessian;
        }
        return r;
    }

    /// f(x) from f(x.value), f′ and f″ there (f″ unused for Order 1).
    forward_jet chain(const T& f0, const T& f1, const T& f2) const {
        forward_jet r(f0);
        if (directions() == 0) return r;
        const Eigen::Index m = directions_of(*this);
        r.make_variable(m);
        r.m_gradient.noalias() = f1 * m_gradient;
        if constexpr (Order == 2) {
            if (m_flat.zero) chain_hessian<false>(f1, f2, r, m);
            else chain_hessian<true>(f1, f2, r, m);
            r.m_flat.zero = false;
        }
        return r;
    }

private:
    // m of a jet known to have directions: a compile-time constant for `jet_size::exactly` (the
    // loops over it unroll)
    static Eigen::Index directions_of(const forward_jet& x) {
        if constexpr (exact) return Capacity;
        else return x.directions();
    }
    // a constant made a jet of m directions (storage sized; entries unset)
    void make_variable([[maybe_unused]] Eigen::Index m) {
        if constexpr (exact) {
            assert(m == Capacity);
            m_variable = true;
        } else {
            m_gradient.resize(m);
            if constexpr (Order == 2) m_hessian.resize(m, m);
        }
    }

    // r's Hessian for r = a·b, m directions: a∇²b + b∇²a + ∇a∇bᵀ + ∇b∇aᵀ with the terms of a zero
    // Hessian left out (HA: a's is not zero; HB: b's), the lower triangle column by column, then
    // its mirror (Eigen's dynamic outer products go column by column over the full square)
    template <bool HA, bool HB>
    static void product_hessian(const forward_jet& a, const forward_jet& b, forward_jet& r, Eigen::Index m) {
        const T* __restrict ga = a.m_gradient.data();
        const T* __restrict gb = b.m_gradient.data();
        const T* __restrict ha = a.m_hessian.data();
        const T* __restrict hb = b.m_hessian.data();
        T* __restrict hr = r.m_hessian.data();
        const T& av = a.m_value;
        const T& bv = b.m_value;
        for (Eigen::Index j = 0; j < m; ++j) {
            const T gaj = ga[j], gbj = gb[j];
            for (Eigen::Index i = j; i < m; ++i) {
                // the full rule's order of operations, its zero terms dropped
                if constexpr (HA && HB) hr[j * m + i] = av * hb[j * m + i] + bv * ha[j * m + i] + ga[i] * gbj + gb[i] * gaj;
                else if constexpr (HB) hr[j * m + i] = av * hb[j * m + i] + ga[i] * gbj + gb[i] * gaj;
                else if constexpr (HA) hr[j * m + i] = bv * ha[j * m + i] + ga[i] * gbj + gb[i] * gaj;
                else hr[j * m + i] = ga[i] * gbj + gb[i] * gaj;
            }
        }
        mirror_lower(hr, m);
    }

    // r's Hessian for r = f(this), m directions: f′∇²x + f″∇x∇xᵀ, the first term left out when
    // this Hessian is zero (H false); the lower triangle, then its mirror
    template <bool H>
    void chain_hessian(const T& f1, const T& f2, forward_jet& r, Eigen::Index m) const {
        const T* __restrict g = m_gradient.data();
        const T* __restrict h = m_hessian.data();
        T* __restrict hr = r.m_hessian.data();
        for (Eigen::Index j = 0; j < m; ++j) {
            const T f2g = f2 * g[j];
            for (Eigen::Index i = j; i < m; ++i) {
                if constexpr (H) hr[j * m + i] = f1 * h[j * m + i] + f2g * g[i];
                else hr[j * m + i] = f2g * g[i];
            }
        }
        mirror_lower(hr, m);
    }

    // the upper triangle of the m × m column-major h from its lower triangle
    static void mirror_lower(T* h, Eigen::Index m) {
        for (Eigen::Index j = 1; j < m; ++j)
            for (Eigen::Index i = 0; i < j; ++i) h[j * m + i] = h[i * m + j];
    }

    struct no_hessian {};
    struct no_flag {};
    struct flat_flag {
        bool zero = true;  // the Hessian is zero, its storage unwritten (a constant, a variable, their scalings and sums)
    };
    T m_value;
    gradient_type m_gradient;
    [[no_unique_address]] std::conditional_t<Order == 2, hessian_type, no_hessian> m_hessian;
    [[no_unique_address]] std::conditional_t<Order == 2, flat_flag, no_flag> m_flat{};
    [[no_unique_address]] std::conditional_t<exact, bool, no_flag> m_variable{};  // exactly: m = Capacity, not 0
};

namespace detail {
/// The operand types a jet combines with: the jet, its scalar, built-in arithmetic types.
template <class S, class J>
concept jet_operand = std::same_as<S, J> || std::same_as<S, typename J::value_type> || std::is_arithmetic_v<S>;
}  // namespace detail

/// \name Arithmetic and comparison of jets
/// `+ - * /` of two jets, or of a jet and a scalar (either side); the comparisons `< <= > >= == !=`
/// compare values only. Generated by the macros below (hidden from the reference).
/// \cond GEOMINT_MACRO_EXPANSIONS
#define GEOMINT_JET_BINARY(op, make)                                                                                  \
    template <class T, int C, int O, jet_size Z>                                                                      \
    forward_jet<T, C, O, Z> operator op(const forward_jet<T, C, O, Z>& a, const forward_jet<T, C, O, Z>& b) {         \
        using J = forward_jet<T, C, O, Z>;                                                                            \
        return make;                                                                                                  \
    }                                                                                                                 \
    template <class T, int C, int O, jet_size Z, class S>                                                             \
        requires detail::jet_operand<S, forward_jet<T, C, O, Z>> && (!is_forward_jet<S>::value)                       \
    forward_jet<T, C, O, Z> operator op(const forward_jet<T, C, O, Z>& a, const S& s) {                               \
        using J = forward_jet<T, C, O, Z>;                                                                            \
        const J b(s);                                                                                                 \
        return make;                                                                                                  \
    }                                                                                                                 \
    template <class T, int C, int O, jet_size Z, class S>                                                             \
        requires detail::jet_operand<S, forward_jet<T, C, O, Z>> && (!is_forward_jet<S>::value)                       \
    forward_jet<T, C, O, Z> operator op(const S& s, const forward_jet<T, C, O, Z>& b) {                               \
        using J = forward_jet<T, C, O, Z>;                                                                            \
        const J a(s);                                                                                                 \
        return make;                                                                                                  \
    }
GEOMINT_JET_BINARY(+, J::sum(a, b, T(1)))
GEOMINT_JET_BINARY(-, J::sum(a, b, T(-1)))
GEOMINT_JET_BINARY(*, J::product(a, b))
GEOMINT_JET_BINARY(/, J::quotient(a, b))
#undef GEOMINT_JET_BINARY

#define GEOMINT_JET_COMPARE(op)                                                                                       \
    template <class T, int C, int O, jet_size Z>                                                                      \
    bool operator op(const forward_jet<T, C, O, Z>& a, const forward_jet<T, C, O, Z>& b) {                            \
        return a.value() op b.value();                                                                                \
    }                                                                                                                 \
    template <class T, int C, int O, jet_size Z, class S>                                                             \
        requires detail::jet_operand<S, forward_jet<T, C, O, Z>> && (!is_forward_jet<S>::value)                       \
    bool operator op(const forward_jet<T, C, O, Z>& a, const S& b) {                                                  \
        return a.value() op T(b);                                                                                     \
    }                                                                                                                 \
    template <class T, int C, int O, jet_size Z, class S>                                                             \
        requires detail::jet_operand<S, forward_jet<T, C, O, Z>> && (!is_forward_jet<S>::value)                       \
    bool operator op(const S& a, const forward_jet<T, C, O, Z>& b) {                                                  \
        return T(a) op b.value();                                                                                     \
    }
GEOMINT_JET_COMPARE(<)
GEOMINT_JET_COMPARE(<=)
GEOMINT_JET_COMPARE(>)
GEOMINT_JET_COMPARE(>=)
GEOMINT_JET_COMPARE(==)
GEOMINT_JET_COMPARE(!=)
#undef GEOMINT_JET_COMPARE
/// \endcond

// ---- elementary functions: f(x) = x.chain(f, f′, f″) at x.value() ---------------------------

/// sin of a jet (value, gradient and Hessian by the chain rule); likewise the other elementary functions below.
template <class T, int C, int O, jet_size Z>
forward_jet<T, C, O, Z> sin(const forward_jet<T, C, O, Z>& x) {
    T s, c;
    detail::sin_and_cos(x.value(), s, c);
    return x.chain(s, c, -s);
}
/// cos of a jet.
template <class T, int C, int O, jet_size Z>
forward_jet<T, C, O, Z> cos(const forward_jet<T, C, O, Z>& x) {
    T s, c;
    detail::sin_and_cos(x.value(), s, c);
    return x.chain(c, -s, -c);
}
/// tan of a jet.
template <class T, int C, int O, jet_size Z>
forward_jet<T, C, O, Z> tan(const forward_jet<T, C, O, Z>& x) {
    using std::tan;
    const T t = tan(x.value()), d = T(1) + t * t;
    return x.chain(t, d, T(2) * t * d);
}
/// asin of a jet.
template <class T, int C, int O, jet_size Z>
forward_jet<T, C, O, Z> asin(const forward_jet<T, C, O, Z>& x) {
    using std::asin;
    using std::sqrt;
    const T w = T(1) - x.value() * x.value(), d = T(1) / sqrt(w);
    return x.chain(asin(x.value()), d, x.value() * d / w);
}
/// acos of a jet.
template <class T, int C, int O, jet_size Z>
forward_jet<T, C, O, Z> acos(const forward_jet<T, C, O, Z>& x) {
    using std::acos;
    using std::sqrt;
    const T w = T(1) - x.value() * x.value(), d = T(1) / sqrt(w);
    return x.chain(acos(x.value()), -d, -x.value() * d / w);
}
/// atan of a jet.
template <class T, int C, int O, jet_size Z>
forward_jet<T, C, O, Z> atan(const forward_jet<T, C, O, Z>& x) {
    using std::atan;
    const T d = T(1) / (T(1) + x.value() * x.value());
    return x.chain(atan(x.value()), d, T(-2) * x.value() * d * d);
}
/// atan2(y, x): the derivatives of atan(y/x) (or −atan(x/y) where |y| > |x|), the value of
/// atan2 (the angle's branch).
template <class T, int C, int O, jet_size Z>
forward_jet<T, C, O, Z> atan2(const forward_jet<T, C, O, Z>& y, const forward_jet<T, C, O, Z>& x) {
    using std::abs;
    using std::atan2;
    forward_jet<T, C, O, Z> r = abs(x.value()) >= abs(y.value()) ? atan(y / x) : -atan(x / y);
    return r - r.value() + atan2(y.value(), x.value());
}
/// sinh of a jet.
template <class T, int C, int O, jet_size Z>
forward_jet<T, C, O, Z> sinh(const forward_jet<T, C, O, Z>& x) {
    using std::cosh;
    using std::sinh;
    const T s = sinh(x.value());
    return x.chain(s, cosh(x.value()), s);
}
/// cosh of a jet.
template <class T, int C, int O, jet_size Z>
forward_jet<T, C, O, Z> cosh(const forward_jet<T, C, O, Z>& x) {
    using std::cosh;
    using std::sinh;
    const T c = cosh(x.value());
    return x.chain(c, sinh(x.value()), c);
}
/// tanh of a jet.
template <class T, int C, int O, jet_size Z>
forward_jet<T, C, O, Z> tanh(const forward_jet<T, C, O, Z>& x) {
    using std::tanh;
    const T t = tanh(x.value()), d = T(1) - t * t;
    return x.chain(t, d, T(-2) * t * d);
}
/// exp of a jet.
template <class T, int C, int O, jet_size Z>
forward_jet<T, C, O, Z> exp(const forward_jet<T, C, O, Z>& x) {
    using std::exp;
    const T e = exp(x.value());
    return x.chain(e, e, e);
}
/// log of a jet.
template <class T, int C, int O, jet_size Z>
forward_jet<T, C, O, Z> log(const forward_jet<T, C, O, Z>& x) {
    using std::log;
    const T r = T(1) / x.value();
    return x.chain(log(x.value()), r, -r * r);
}
/// sqrt of a jet.
template <class T, int C, int O, jet_size Z>
forward_jet<T, C, O, Z> sqrt(const forward_jet<T, C, O, Z>& x) {
    using std::sqrt;
    const T s = sqrt(x.value()), d = T(1) / (T(2) * s);
    return x.chain(s, d, -d / (T(2) * x.value()));
}
/// |x| of a jet (the derivative of |x| at 0 is taken as that of x).
template <class T, int C, int O, jet_size Z>
forward_jet<T, C, O, Z> abs(const forward_jet<T, C, O, Z>& x) {
    return x.value() < T(0) ? -x : x;
}
/// fabs of a jet: as abs.
template <class T, int C, int O, jet_size Z>
forward_jet<T, C, O, Z> fabs(const forward_jet<T, C, O, Z>& x) {
    return abs(x);
}
/// x^c for a constant exponent c (T or a built-in type).
template <class T, int C, int O, jet_size Z, class S>
    requires std::same_as<S, T> || std::is_arithmetic_v<S>
forward_jet<T, C, O, Z> pow(const forward_jet<T, C, O, Z>& x, const S& exponent) {
    using std::pow;
    const T c(exponent), a = x.value();
    const T f1 = c == T(0) ? T(0) : c * pow(a, c - T(1));
    const T f2 = c == T(0) || c == T(1) ? T(0) : c * (c - T(1)) * pow(a, c - T(2));
    return x.chain(pow(a, c), f1, f2);
}
/// x^y = exp(y log x) for a jet exponent (x > 0).
template <class T, int C, int O, jet_size Z>
forward_jet<T, C, O, Z> pow(const forward_jet<T, C, O, Z>& x, const forward_jet<T, C, O, Z>& y) {
    return exp(y * log(x));
}
/// base^y for a scalar base and a jet exponent.
template <class T, int C, int O, jet_size Z, class S>
    requires std::same_as<S, T> || std::is_arithmetic_v<S>
forward_jet<T, C, O, Z> pow(const S& base, const forward_jet<T, C, O, Z>& y) {
    using std::log;
    return exp(y * log(T(base)));
}

}  // namespace geomint
