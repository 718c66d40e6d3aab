#pragma once
// The one parse of a command line against a Boost.Program_options description, shared by the
// `geomint` program and `geomint integrate`.
#include "cli_options.hpp"

#include <boost/program_options.hpp>

namespace geomint::cli {

/// argv parsed against `desc`. \throws usage_error for an unknown option, a positional word (every
/// option starts with --; program_options would drop it silently) or any program_options error.
boost::program_options::variables_map parse_options(int argc, const char* const* argv,
                                                    const boost::program_options::options_description& desc);

}  // namespace geomint::cli
