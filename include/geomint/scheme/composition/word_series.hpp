#pragma once
/// \file
/// Truncated power series in non-commuting graded generators (the free associative algebra cut
/// at a total degree), in any scalar type: products, exponentials and the logarithm. The order
/// conditions of composition and splitting methods are read off the logarithm of a product of
/// exponentials (the Baker–Campbell–Hausdorff formula computed rather than expanded by hand;
/// Hairer, Lubich, Wanner, *Geometric Numerical Integration*, 2nd ed., §III.4–III.5 and §V.3).
///
/// A generator Y_k of degree d stands for a term of size h^d (h the step), so the series of a
/// method's one-step map cut at degree p holds everything that decides its order up to p.

#include <cstddef>
#include <map>
#include <stdexcept>
#include <string>
#include <utility>
#include <vector>

namespace geomint::scheme {

/// The words over generators of given degrees, of total degree 0 … max_degree (index 0 is the
/// empty word), with their concatenation table.
class word_basis {
public:
    /// \param generator_degrees degree of each generator (each >= 1)
    /// \param max_degree        truncation degree p (>= 1)
    /// \throws std::invalid_argument on a degree < 1 or more than 200 000 words
    word_basis(std::vector<int> generator_degrees, int max_degree)
        : m_generator_degrees(std::move(generator_degrees)), m_max_degree(max_degree) {
        if (max_degree < 1) throw std::invalid_argument("word_basis: max_degree = " + std::to_string(max_degree) + " (precondition: >= 1)");
        for (int d : m_generator_degrees)
            if (d < 1) throw std::invalid_argument("word_basis: a generator of degree " + std::to_string(d) + " (precondition: >= 1)");
        m_words.push_back({});
        m_degrees.push_back(0);
        // breadth-first by appending a generator: every word of degree <= p, each once
        for (std::size_t i = 0; i < m_words.size(); ++i)
            for (int g = 0; g < int(m_generator_degrees.size()); ++g) {
                const int d = m_degrees[i] + m_generator_degrees[std::size_t(g)];
                if (d > max_degree) continue;
                auto w = m_words[i];
                w.push_back(g);
                m_index.emplace(w, m_words.size());
                m_words.push_back(std::move(w));
                m_degrees.push_back(d);
                if (m_words.size() > 200000) throw std::invalid_argument("word_basis: more than 200000 words (lower max_degree)");
            }
        m_index.emplace(std::vector<int>{}, 0);
        m_appended.assign(m_words.size(), std::vector<int>(m_generator_degrees.size(), -1));
        for (std::size_t i = 0; i < m_words.size(); ++i)
            for (std::size_t g = 0; g < m_generator_degrees.size(); ++g) {
                auto w = m_words[i];
                w.push_back(int(g));
                if (auto it = m_index.find(w); it != m_index.end()) m_appended[i][g] = int(it->second);
            }
    }

    /// Number of words.
    std::size_t size() const { return m_words.size(); }
    /// Highest degree of the basis.
    int max_degree() const { return m_max_degree; }
    /// Number of generators.
    std::size_t generators() const { return m_generator_degrees.size(); }
    /// Degree of generator g.
    int generator_degree(std::size_t g) const { return m_generator_degrees[g]; }
    /// Word i (generator indices).
    const std::vector<int>& word(std::size_t i) const { return m_words[i]; }
    /// Degree of word i.
    int degree(std::size_t i) const { return m_degrees[i]; }
    /// Index of word(i) followed by generator g, or −1 beyond max_degree.
    int appended(std::size_t i, std::size_t g) const { return m_appended[i][g]; }
    /// Index of a word, or −1 beyond max_degree.
    long index(const std::vector<int>& w) const {
        auto it = m_index.find(w);
        return it == m_index.end() ? -1 : long(it->second);
    }

private:
    std::vector<int> m_generator_degrees;
    int m_max_degree;
    std::vector<std::vector<int>> m_words;
    std::vector<int> m_degrees;
    std::map<std::vector<int>, std::size_t> m_index;
    std::vector<std::vector<int>> m_appended;
};

/// An element Σ_w c_w w of the truncated algebra over `word_basis` (coefficients in T).
template <class T>
class word_series {
public:
    /// The zero series over \p basis (which must outlive it).
    explicit word_series(const word_basis& basis) : m_basis(&basis), m_c(basis.size(), T(0)) {}

    /// The basis.
    const word_basis& basis() const { return *m_basis; }
    /// Coefficient of word i.
    T& operator[](std::size_t i) { return m_c[i]; }
    /// Coefficient of word i.
    const T& operator[](std::size_t i) const { return m_c[i]; }

    /// The identity (the empty word with coefficient 1).
    static word_series one(const word_basis& basis) {
        word_series s(basis);
        s.m_c[0] = T(1);
        return s;
    }

    /// this · Σ_g x_g Y_g (a linear combination of generators): O(size · generators).
    word_series times_generators(const std::vector<T>& x) const {
        word_series r(*m_basis);
        for (std::size_t i = 0; i < m_c.size(); ++i) {
            if (m_c[i] == T(0)) continue;
            for (std::size_t g = 0; g < x.size(); ++g) {
                const int k = m_basis->appended(i, g);
                if (k >= 0 && x[g] != T(0)) r.m_c[std::size_t(k)] += m_c[i] * x[g];
            }
        }
        return r;
    }

    /// this · exp(Σ_g x_g Y_g) = Σ_k this·X^k / k!, cut at max_degree (X has degree >= 1, so at
    /// most max_degree terms).
    word_series times_exp_generators(const std::vector<T>& x) const {
        word_series sum = *this, term = *this;
        for (int k = 1; k <= m_basis->max_degree(); ++k) {
            term = term.times_generators(x);
            for (auto& c : term.m_c) c /= T(k);
            for (std::size_t i = 0; i < m_c.size(); ++i) sum.m_c[i] += term.m_c[i];
        }
        return sum;
    }

    /// The product this · other, cut at max_degree.
    word_series operator*(const word_series& other) const {
        word_series r(*m_basis);
        for (std::size_t i = 0; i < m_c.size(); ++i) {
            if (m_c[i] == T(0)) continue;
            // walk other's words by appending their letters to word(i): index of word(i)·word(j)
            for (std::size_t j = 0; j < other.m_c.size(); ++j) {
                if (other.m_c[j] == T(0)) continue;
                long k = long(i);
                for (int letter : m_basis->word(j)) {
                    k = m_basis->appended(std::size_t(k), std::size_t(letter));
                    if (k < 0) break;
                }
                if (k >= 0) r.m_c[std::size_t(k)] += m_c[i] * other.m_c[j];
            }
        }
        return r;
    }

    /// log(this) = Σ_k (−1)^{k+1} Z^k / k with Z = this − 1.
    /// \throws std::invalid_argument unless the empty word's coefficient is 1.
    word_series log() const {
        if (m_c[0] != T(1)) throw std::invalid_argument("word_series::log: the constant term must be 1");
        word_series z = *this;
        z.m_c[0] = T(0);
        word_series sum = z, power = z;
        for (int k = 2; k <= m_basis->max_degree(); ++k) {
            power = power * z;
            const T sign = (k % 2 == 0) ? T(-1) : T(1);
            for (std::size_t i = 0; i < m_c.size(); ++i) sum.m_c[i] += sign * power.m_c[i] / T(k);
        }
        return sum;
    }

private:
    const word_basis* m_basis;
    std::vector<T> m_c;
};

}  // namespace geomint::scheme
