#pragma once
/// \file
/// The two-entry cache of per-(model, step size) factorizations the implicit linear steppers keep:
/// two entries, so the shortened last step of `integrate_adaptive`/`integrate_times` does not
/// evict the main step size.

#include <array>
#include <cstddef>
#include <cstdint>
#include <memory>

namespace geomint::detail {

/// Factors of type `Factors` keyed on (model id, step size h of type `T`).
template <class Factors, class T>
class factor_cache {
public:
    /// The factors for (id, h): cached, or `make()` (returning a shared_ptr<const Factors>)
    /// stored in the entry not used last. `on_evict(p)` is called with the factors an entry drops
    /// (for callers that keep a pointer to them).
    template <class Make, class OnEvict>
    const Factors& get(std::uint64_t id, const T& h, Make make, OnEvict on_evict) {
        for (std::size_t i = 0; i < m_entries.size(); ++i) {
            const entry& e = m_entries[i];
            if (e.factors && e.model_id == id && e.h == h) {
                m_last = i;
                return *e.factors;
            }
        }
        const std::size_t slot = m_entries[m_last].factors ? 1 - m_last : m_last;
        entry& e = m_entries[slot];
        if (e.factors) on_evict(e.factors.get());
        e = {};
        e.factors = make();  // may throw: the entry stays empty
        e.model_id = id;
        e.h = h;
        m_last = slot;
        return *e.factors;
    }
    template <class Make>
    const Factors& get(std::uint64_t id, const T& h, Make make) {
        return get(id, h, make, [](const Factors*) {});
    }

    void clear() { m_entries = {}; }

private:
    struct entry {
        std::uint64_t model_id = 0;
        T h{};
        std::shared_ptr<const Factors> factors;
    };
    std::array<entry, 2> m_entries{};
    std::size_t m_last = 0;
};

}  // namespace geomint::detail
