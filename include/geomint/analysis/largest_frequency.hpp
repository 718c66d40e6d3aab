#pragma once
/// \file
/// ω_max of a large sparse model: the largest generalized eigenfrequency of the pencil (K, M),
/// ω_max² = λ_max of K x = λ M x, by restarted Lanczos (Spectra's `SymGEigsSolver` in Cholesky
/// mode: Lanczos on L⁻¹ K L⁻ᵀ, M = L Lᵀ) — the figure Simpson's stability bound ω_max h < 2√2
/// and every explicit scheme's bound are stated in. The dense generalized eigensolver this
/// replaces costs O(n³) time and O(n²) memory (30 s at n = 1 800); Lanczos costs products with K
/// and solves with L, restarted (measured at n = 10⁵, relative tolerance 1e-6: 0.23 s of CPU for
/// a spring grid of varying coefficients, 3.4 s for a uniform one, whose clustered top spectrum
/// is the hard case; bench/bench_fe_model.cpp).
///
/// Needs Spectra (header-only; Debian `libspectra-dev`), which geomint's other headers do not:
/// include this header where Spectra is installed.

#include "geomint/error.hpp"
#include "geomint/sparse.hpp"

#include <Spectra/MatOp/SparseCholesky.h>
#include <Spectra/MatOp/SparseSymMatProd.h>
#include <Spectra/SymGEigsSolver.h>

#include <Eigen/Eigenvalues>

#include <algorithm>
#include <cmath>
#include <stdexcept>
#include <string>

namespace geomint {

/// ω_max of M q̈ + K q = 0: the square root of the largest λ with K x = λ M x, in double whatever
/// T is (it sizes a step; the stability tests themselves factor M − h² K/8 in T).
///
/// \param M mass matrix, n × n, symmetric positive definite (both triangles stored).
/// \param K stiffness matrix, n × n, symmetric positive semidefinite (both triangles stored).
/// \param relative_tolerance Lanczos stops when the Ritz pair's residual is below this times
///        |λ|, which bounds |λ − λ_Ritz| by the same (the Ritz value is a lower bound of λ_max).
/// \returns ω_max in rad per time unit (0 when K = 0). For n <= 64 a dense solve is used.
/// \throws std::invalid_argument if M, K are not square of one size or M's Cholesky
///         factorization fails (M not positive definite); geomint::convergence_error if Lanczos
///         does not converge in 2 000 restarts.
template <class T>
double largest_frequency(const sparse_matrix<T>& M, const sparse_matrix<T>& K, double relative_tolerance = 1e-10) {
    const Eigen::Index n = M.rows();
    if (M.cols() != n || K.rows() != n || K.cols() != n || n == 0)
        throw std::invalid_argument("largest_frequency: M is " + std::to_string(M.rows()) + "x" + std::to_string(M.cols()) +
                                    " and K " + std::to_string(K.rows()) + "x" + std::to_string(K.cols()) +
                                    " (precondition: square, of one size n >= 1)");
    const sparse_matrix<double> Md = M.template cast<double>(), Kd = K.template cast<double>();
    if (max_abs(Kd) == 0.0) return 0.0;
    if (n <= 64) {
        const Eigen::GeneralizedSelfAdjointEigenSolver<Eigen::MatrixXd> es(Eigen::MatrixXd(Kd), Eigen::MatrixXd(Md),
                                                                          Eigen::EigenvaluesOnly);
        if (es.info() != Eigen::Success)
            throw std::invalid_argument("largest_frequency: M is not positive definite (its Cholesky factorization failed)");
        return std::sqrt(std::max(0.0, es.eigenvalues().maxCoeff()));
    }
    Spectra::SparseSymMatProd<double> op(Kd);
    Spectra::SparseCholesky<double> bop(Md);
    if (bop.info() != Spectra::CompInfo::Successful)
        throw std::invalid_argument("largest_frequency: M is not positive definite (its Cholesky factorization failed)");
    const Eigen::Index ncv = std::min<Eigen::Index>(n, 20);
    Spectra::SymGEigsSolver<Spectra::SparseSymMatProd<double>, Spectra::SparseCholesky<double>, Spectra::GEigsMode::Cholesky>
        solver(op, bop, 1, ncv);
    solver.init();
    constexpr Eigen::Index restarts = 2000;
    solver.compute(Spectra::SortRule::LargestAlge, restarts, relative_tolerance);
    if (solver.info() != Spectra::CompInfo::Successful)
        throw convergence_error("largest_frequency: Lanczos did not converge in " + std::to_string(restarts) +
                                    " restarts (relative tolerance " + geomint::to_string(relative_tolerance) + ")",
                                static_cast<int>(restarts), relative_tolerance);
    return std::sqrt(std::max(0.0, solver.eigenvalues()(0)));
}

}  // namespace geomint
