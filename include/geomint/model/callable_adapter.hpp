#pragma once
/// \file
/// `callable_adapter<In, Out>`: a user's callable written for odeint's containers, fn(in, out)
/// with `In`, `Out` the user's state types (std::array, boost::array, std::vector, Eigen vector,
/// or a scalar for one degree of freedom), applied to geomint's Eigen vectors. The one place
/// where a user's callable meets geomint's working vectors: the separable rates
/// (model/separable_rates.hpp), the Newton-equation force, the linear family's probes and
/// matrix-free operators, and the conformance kit's first-order systems all call through it;
/// `force_adapter` does the same for a forced pair's force F(q, p, t, out).
///
/// As odeint does, the output container is sized (n entries) and zeroed before each call, so a
/// callable may write `out[i] = …` without resizing; the callable is called non-const (a functor
/// with a non-const `operator()` works) and may be wrapped in std::ref / boost::ref. The two
/// containers are kept between calls: once sized, a call allocates nothing.

#include "geomint/state.hpp"

#include <stdexcept>
#include <string>
#include <type_traits>

namespace geomint::detail {

template <class In, class Out>
class callable_adapter {
public:
    /// y = fn(x) for an Eigen vector x of n entries (also a block or a scalar's 1-vector); y an
    /// Eigen vector or a writable block of n entries.
    /// \throws std::invalid_argument naming `who` and `what` if the callable returns another
    ///         number of entries than n (or a fixed-size container cannot hold n).
    /// Given the user's own containers (x an `In`, y an `Out` lvalue), fn(x, y) is called on them
    /// directly, with y sized and zeroed first: no copy.
    template <class Fn, class X, class Y>
    void operator()(Fn& fn, const X& x, Y&& y, const char* who, const char* what) {
        if constexpr (std::is_same_v<X, In> && std::is_same_v<Y, Out&>) {
            const Eigen::Index n = state_size(x);
            resize_state(y, n);
            as_eigen(y).setZero();
            unwrap_reference_to(fn)(x, y);
            if constexpr (state_traits<Out>::static_size == Eigen::Dynamic) require_length(state_size(y), n, who, what);
        } else {
            call(fn, x, who, what);
            y = as_eigen(m_out);
        }
    }

    /// fn(x), kept in the adapter's output container (valid until the next call).
    template <class Fn, class X>
    const Out& call(Fn& fn, const X& x, const char* who, const char* what) {
        const Eigen::Index n = x.size();
        resize_state(m_in, n);
        resize_state(m_out, n);
        as_eigen(m_in) = x;
        as_eigen(m_out).setZero();
        unwrap_reference_to(fn)(static_cast<const In&>(m_in), m_out);
        require_length(state_size(m_out), n, who, what);
        return m_out;
    }

private:
    static void require_length(Eigen::Index returned, Eigen::Index n, const char* who, const char* what) {
        if (returned != n)
            throw std::invalid_argument(std::string(who) + ": the system's " + what + " returned " +
                                        std::to_string(returned) + " entries for a state of " + std::to_string(n) +
                                        " (precondition: equal lengths)");
    }

    In m_in{};
    Out m_out{};
};

/// A user's force written for odeint's containers, fn(q, p, t, out) (`forced_pair`), applied to
/// Eigen vectors as `callable_adapter` applies fn(in, out): containers kept between calls, the
/// output sized and zeroed before each call.
template <class Coor, class Momentum>
class force_adapter {
public:
    /// y = fn(q, p, t). \throws std::invalid_argument naming `who` if the force returns another
    ///         number of entries than n.
    template <class Fn, class Q, class P, class Time, class Y>
    void operator()(Fn& fn, const Q& q, const P& p, const Time& t, Y&& y, const char* who) {
        const Eigen::Index n = q.size();
        resize_state(m_q, n);
        resize_state(m_p, n);
        resize_state(m_out, n);
        as_eigen(m_q) = q;
        as_eigen(m_p) = p;
        as_eigen(m_out).setZero();
        unwrap_reference_to(fn)(static_cast<const Coor&>(m_q), static_cast<const Momentum&>(m_p), t, m_out);
        if (state_size(m_out) != n)
            throw std::invalid_argument(std::string(who) + ": the system's force F(q, p, t, out) returned " +
                                        std::to_string(state_size(m_out)) + " entries for a state of " +
                                        std::to_string(n) + " (precondition: equal lengths)");
        y = as_eigen(m_out);
    }

private:
    Coor m_q{};
    Momentum m_p{}, m_out{};
};

}  // namespace geomint::detail
