// structural_system (M q̈ + C q̇ + K q = f(t)): every bad input named (matrices, Rayleigh
// coefficients, a load of the wrong length or with a non-finite entry at a named t), semidefinite
// C and K accepted, Rayleigh damping assembled, and the first-order odeint form against the closed
// form of a damped, harmonically driven oscillator (transient plus steady state).
#include "test_common.hpp"

#include <geomint/model/structural_system.hpp>

#include <boost/numeric/odeint.hpp>

#include <functional>
#include <string>

namespace {
using namespace geomint_test;
using M2 = Eigen::Matrix2d;

TEST(StructuralSystem, BadMatricesAreNamed) {
    const M2 I = M2::Identity(), K = (M2() << 2, -1, -1, 2).finished();
    EXPECT_THROW(structural_system(M2(-I), I, K), std::invalid_argument);
    EXPECT_NE(message_of([&] { structural_system(M2((M2() << 1, 0, 0, -1).finished()), I, K); })
                  .find("mass matrix M is not positive definite"),
              std::string::npos);
    EXPECT_NE(message_of([&] { structural_system(I, M2((M2() << 1, 2, 0, 1).finished()), K); })
                  .find("damping matrix C is not symmetric"),
              std::string::npos);
    EXPECT_NE(message_of([&] { structural_system(I, I, M2((M2() << 1, 0, 0, -1e-3).finished())); })
                  .find("stiffness matrix K is not positive semidefinite"),
              std::string::npos);
    EXPECT_NE(message_of([&] { structural_system(I, M2((M2() << 1, 0, 0, std::nan("")).finished()), K); })
                  .find("damping matrix C has a non-finite entry: (1, 1)"),
              std::string::npos);
    const Eigen::MatrixXd I3 = Eigen::MatrixXd::Identity(3, 3), I2 = Eigen::MatrixXd::Identity(2, 2);
    EXPECT_NE(message_of([&] { structural_system(I3, I2, I3); }).find("M, C, K are 3, 2, 3 square"), std::string::npos);
    EXPECT_NE(message_of([&] { structural_system(I, rayleigh_damping<double>{-0.5, 0.1}, K); })
                  .find("Rayleigh coefficient alpha = -0.5"),
              std::string::npos);
    EXPECT_NE(message_of([&] { structural_system(I, rayleigh_damping<double>{0.5, std::nan("")}, K); })
                  .find("Rayleigh coefficient beta = nan"),
              std::string::npos);
}

// Free-free structures have a singular K (a rigid mode), undamped ones C = 0: both semidefinite.
// Issue 45: a singular mass (reduced-integration elements, massless degrees of freedom) is named
// as such, with its rank deficiency counted by inertia, the likely causes and what to do, for a
// dense and a sparse model; an indefinite mass keeps the pivot message.
TEST(StructuralSystem, SingularMassIsNamedWithItsRankDeficiency) {
    using M4 = Eigen::Matrix4d;
    // rank 2 of 4: two pairs of equal rows (a massless mode in each pair)
    const M4 M = (M4() << 1, 1, 0, 0, 1, 1, 0, 0, 0, 0, 2, 2, 0, 0, 2, 2).finished();
    const M4 K = M4::Identity(), C = M4::Zero();
    const std::string dense = message_of([&] { structural_system(M, C, K); });
    const std::string sparse = message_of([&] {
        structural_system(sparse_matrix<double>(M.sparseView()), sparse_matrix<double>(C.sparseView()),
                          sparse_matrix<double>(K.sparseView()));
    });
    for (const std::string& m : {dense, sparse}) {
        EXPECT_NE(m.find("mass matrix M is singular (positive semidefinite, not definite): 2 of its 4 eigenvalues are "
                         "below sqrt(eps) max|m_ij|"),
                  std::string::npos)
            << m;
        EXPECT_NE(m.find("its rank is about 2 of 4"), std::string::npos) << m;
        EXPECT_NE(m.find("reduced-integration elements"), std::string::npos) << m;
        EXPECT_NE(m.find("lumped mass"), std::string::npos) << m;
    }
    // a zero row (a massless degree of freedom)
    M4 Z = M4::Identity();
    Z(3, 3) = 0;
    EXPECT_NE(message_of([&] { structural_system(Z, C, K); }).find("1 of its 4 eigenvalues"), std::string::npos);
    // indefinite: not the singular-mass message
    const std::string indefinite = message_of([&] { structural_system(M4(-M4::Identity()), C, K); });
    EXPECT_NE(indefinite.find("is not positive definite"), std::string::npos) << indefinite;
    EXPECT_EQ(indefinite.find("singular"), std::string::npos) << indefinite;
}

TEST(StructuralSystem, SemidefiniteDampingAndStiffnessAreAccepted) {
    const M2 free_free = (M2() << 1, -1, -1, 1).finished();
    EXPECT_NO_THROW(structural_system(M2(M2::Identity()), M2(M2::Zero()), free_free));
    const structural_system rayleigh(M2(M2::Identity()), rayleigh_damping<double>{0.25, 0.5}, free_free);
    EXPECT_EQ(rayleigh.damping(), (0.25 * M2::Identity() + 0.5 * free_free).eval());
}

TEST(StructuralSystem, LoadOfTheWrongLengthOrNonFiniteIsNamedWithItsTime) {
    const Eigen::MatrixXd Id = Eigen::MatrixXd::Identity(2, 2);
    const structural_system short_load(Id, Id, Id, [](double) { return Eigen::VectorXd::Zero(3).eval(); });
    EXPECT_THROW(short_load.load(0.5), std::invalid_argument);
    EXPECT_NE(message_of([&] { short_load.load(0.5); }).find("load at t = 0.5 has 3 entries (precondition: n = 2)"),
              std::string::npos);
    const M2 I = M2::Identity();
    const structural_system nan_load(I, I, I, [](double t) { return Eigen::Vector2d(0, t > 1 ? std::nan("") : 1.0); });
    EXPECT_NO_THROW(nan_load.load(1.0));
    EXPECT_NE(message_of([&] { nan_load.load(1.25); }).find("load at t = 1.25 has a non-finite entry f(1) = nan"),
              std::string::npos);
    const structural_system free(I, I, I);
    EXPECT_EQ(free.load(3.0), Eigen::Vector2d::Zero());
}

// One degree of freedom m q̈ + c q̇ + k q = F cos(Ω t), underdamped: q(t) = e^{−ζωt}(A cos ω_d t +
// B sin ω_d t) + X cos(Ω t − φ), with X = F / √((k − mΩ²)² + (cΩ)²), tan φ = cΩ / (k − mΩ²);
// A, B from q(0), q̇(0). odeint's rkf78 on the first-order form (tolerance 1e-13) must agree to
// 1e-10 over 10 time units, and H(p, q) must follow dH/dt = q̇ f − c q̇² (the power integrated
// by the trapezoidal rule at Δt = 1e-3, whose own error is ~1e-6: to 2e-5).
TEST(StructuralSystem, FirstOrderFormMatchesTheDrivenDampedOscillator) {
    using V1 = Eigen::Matrix<double, 1, 1>;
    const double m = 2, c = 0.3, k = 5, F = 0.7, Omega = 1.3;
    const structural_system sys(V1(m), V1(c), V1(k), [=](double t) { return V1(F * std::cos(Omega * t)); });
    const double omega = std::sqrt(k / m), zeta = c / (2 * std::sqrt(k * m)), omega_d = omega * std::sqrt(1 - zeta * zeta);
    const double X = F / std::hypot(k - m * Omega * Omega, c * Omega), phi = std::atan2(c * Omega, k - m * Omega * Omega);
    const double q0 = 0.4, v0 = -0.2;
    const double A = q0 - X * std::cos(phi), B = (v0 + zeta * omega * A - X * Omega * std::sin(phi)) / omega_d;
    const auto exact = [&](double t) {
        return std::exp(-zeta * omega * t) * (A * std::cos(omega_d * t) + B * std::sin(omega_d * t)) + X * std::cos(Omega * t - phi);
    };
    std::vector<double> x{q0, m * v0};
    namespace odeint = boost::numeric::odeint;
    auto stepper = odeint::make_controlled(1e-13, 1e-13, odeint::runge_kutta_fehlberg78<std::vector<double>>());
    double worst = 0, previous_t = 0, previous_power = 0, work = 0;
    double previous_h = sys.energy(V1(x[1]), V1(x[0]));
    const double h0 = previous_h;
    odeint::integrate_const(stepper, std::ref(sys), x, 0.0, 10.0, 0.001, [&](const std::vector<double>& y, double t) {
        worst = std::max(worst, std::abs(y[0] - exact(t)));
        const double v = y[1] / m, power = v * F * std::cos(Omega * t) - c * v * v;
        if (t > 0) work += (t - previous_t) * (power + previous_power) / 2;
        previous_t = t;
        previous_power = power;
        previous_h = sys.energy(V1(y[1]), V1(y[0]));
    });
    std::cout << "driven damped oscillator: max |q - q_exact| = " << worst << "; H(10) - H(0) = " << previous_h - h0
              << ", integrated power = " << work << "\n";
    EXPECT_LE(worst, 1e-10);
    EXPECT_NEAR(previous_h - h0, work, 2e-5);
}

}  // namespace
