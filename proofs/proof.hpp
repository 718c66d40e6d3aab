#pragma once
// The harness of geomint's executable proofs: each program states a proposition of one of the
// papers, checks it (symbolically with GiNaC, exactly in rational arithmetic, or numerically at
// high precision), prints what it checked and how, and exits non-zero if a check fails.
// `--mutant` runs the same checks on a deliberately wrong variant (a changed coefficient):
// CTest expects that run to fail (WILL_FAIL), so a vacuous proof shows up as a red test.
#include <cstdlib>
#include <cstring>
#include <iostream>
#include <sstream>
#include <string>

namespace geomint_proof {

class proof {
public:
    /// `name`: the program; `statement`: the claim; `source`: paper and equation;
    /// `method`: symbolic / exact / numeric at D digits, and how.
    proof(int argc, char** argv, const char* name, const char* statement, const char* source, const char* method)
        : m_name(name), m_numeric(std::strncmp(method, "numeric", 7) == 0) {
        for (int i = 1; i < argc; ++i)
            if (std::strcmp(argv[i], "--mutant") == 0) m_mutant = true;
        std::cout << name << (m_mutant ? "  [MUTANT RUN: a deliberately wrong variant; must FAIL]" : "") << "\n"
                  << "  statement: " << statement << "\n"
                  << "  source:    " << source << "\n"
                  << "  method:    " << method << "\n";
    }
    /// True for the `--mutant` run: use the deliberately wrong variant.
    bool mutant() const { return m_mutant; }
    /// Record one check; `detail` says what was compared (and the residual, if numeric).
    bool check(bool ok, const std::string& what, const std::string& detail = "") {
        std::cout << "  [" << (ok ? "ok" : "FAILED") << "] " << what << (detail.empty() ? "" : ": ") << detail << "\n";
        if (!ok) ++m_failures;
        return ok;
    }
    /// Print a line of evidence (a leading coefficient, a residual) without judging it.
    void note(const std::string& text) { std::cout << "  " << text << "\n"; }
    /// Exit status: 0 when every check passed. The verdict says PROVED only for symbolic and exact
    /// methods; a numeric method (its text starts with "numeric") passes as CHECKED.
    int finish() const {
        std::cout << m_name << ": " << (m_failures != 0 ? "FAILED" : m_numeric ? "CHECKED (numeric)" : "PROVED") << " (" << m_failures
                  << " failed check" << (m_failures == 1 ? "" : "s") << ")\n";
        return m_failures == 0 ? EXIT_SUCCESS : EXIT_FAILURE;
    }

private:
    std::string m_name;
    bool m_numeric = false;
    bool m_mutant = false;
    int m_failures = 0;
};

/// Any printable value as a string.
template <class V>
std::string str(const V& v) {
    std::ostringstream os;
    os << v;
    return os.str();
}

}  // namespace geomint_proof
