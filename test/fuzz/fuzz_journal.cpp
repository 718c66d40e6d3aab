// Fuzz target: the ensembles' checkpoint journal (ensemble/journal.hpp's parse_journal_line), line
// by line, for a campaign of 10 members and 3 columns. An accepted entry must be of a member in
// range with one field per column (or one message), and write back (journal_line) to a line that
// parses to the same entry.
#include "fuzz_common.hpp"

#include <geomint/ensemble/journal.hpp>

#include <sstream>

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
    using namespace geomint::ensemble;
    using namespace geomint::ensemble::detail;
    campaign c;
    c.name = "fuzz";
    c.parameters = "p";
    c.columns = {"a", "b", "c"};
    c.members = 10;
    std::istringstream in(geomint_fuzz::text_of(data, size));
    for (std::string line; std::getline(in, line);) {
        try {
            const outcome o = parse_journal_line(line, c, "fuzz");
            if (o.index >= c.members) geomint_fuzz::finding("a member out of range was accepted");
            if (o.ok && o.fields.size() != c.columns.size()) geomint_fuzz::finding("a wrong field count was accepted");
            std::string again = journal_line(o);
            again.pop_back();  // its newline
            const outcome p = parse_journal_line(again, c, "fuzz");
            if (p.ok != o.ok || p.index != o.index || p.fields != o.fields || p.message != o.message)
                geomint_fuzz::finding("an entry does not survive writing it back");
        } catch (const std::runtime_error&) {
        }
    }
    return 0;
}
