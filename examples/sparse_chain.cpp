// Large sparse systems (docs/linear.md): a chain of 10 000 masses and springs, M = I,
// K = tridiag(-1, 2, -1), integrated to t = 20 by Simpson's scheme twice: on the sparse model
// (sparse LDL^T factors, no dense matrix) and on odeint's pair form of O(n) functors applied as
// given (matrix-free: conjugate gradients). Reference: the normal modes (closed form).
// Exits 1 unless both errors are below 1e-9 and the two runs agree to 1e-12.
#include <geomint/linear.hpp>
#include <geomint/problems/spring_chain.hpp>

#include <boost/numeric/odeint/integrate/integrate_n_steps.hpp>

#include <cstdio>
#include <vector>

int main() {
    namespace odeint = boost::numeric::odeint;
    const Eigen::Index n = 10000;
    const std::vector<std::pair<Eigen::Index, double>> modes{{1, 1.0}, {n / 2, 0.01}, {n, 0.001}};
    const auto start = [&] {
        const auto e = geomint::problems::spring_chain<double>(n).exact_state(modes, 0.0);
        return std::make_pair(std::vector<double>(e.first.begin(), e.first.end()),
                              std::vector<double>(e.second.begin(), e.second.end()));
    };
    auto x = start(), y = start();
    auto f = [](const std::vector<double>& p, std::vector<double>& dqdt) { dqdt = p; };  // M = I
    auto g = [](const std::vector<double>& q, std::vector<double>& dpdt) {                // -K q in O(n)
        const std::size_t m = q.size();
        for (std::size_t i = 0; i < m; ++i)
            dpdt[i] = -2 * q[i] + (i > 0 ? q[i - 1] : 0.0) + (i + 1 < m ? q[i + 1] : 0.0);
    };
    //! [sparse_chain]
    geomint::problems::spring_chain<double> chain(n);               // M = I, K = tridiag(-1, 2, -1), normal modes known
    auto sys = chain.sparse_system();                               // quadratic_lagrangian<geomint::sparse_matrix<double>>
    geomint::simpson_stepper<std::vector<double>> stepper;
    odeint::integrate_n_steps(stepper, sys, x, 0.0, 20.0 / 2000, 2000);
    // odeint's pair form of O(n) functors, applied as given (conjugate gradients, no matrices);
    // the bound of omega_max is what Simpson's stability test needs (Newmark needs none)
    odeint::integrate_n_steps(stepper, geomint::matrix_free(f, g, 2.0L), y, 0.0, 20.0 / 2000, 2000);
    //! [sparse_chain]

    const auto exact = chain.exact_state(modes, 20.0);
    double ex = 0, ey = 0, exy = 0;
    for (Eigen::Index i = 0; i < n; ++i) {
        ex = std::max(ex, std::abs(x.first[i] - exact.first[i]));
        ey = std::max(ey, std::abs(y.first[i] - exact.first[i]));
        exy = std::max(exy, std::abs(x.first[i] - y.first[i]));
    }
    std::printf("n = %ld, h = 0.01, t = 20: max |q - q_exact| sparse %.3e, matrix-free %.3e; sparse vs matrix-free %.3e\n",
                static_cast<long>(n), ex, ey, exy);
    const bool ok = ex < 1e-9 && ey < 1e-9 && exy < 1e-12;  // measured 1.7e-12, 1.7e-12, 3.9e-15
    std::puts(ok ? "as expected" : "UNEXPECTED errors");
    return ok ? 0 : 1;
}
