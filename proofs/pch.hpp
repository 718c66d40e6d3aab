// Precompiled header shared by the proof programs (GiNaC, Eigen, Boost.Multiprecision, geomint).
#pragma once
#include <geomint/geomint.hpp>
#include <geomint/symbolic/ginac.hpp>
