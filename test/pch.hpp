// Precompiled header shared by the test executables: parsing Eigen, Boost.Multiprecision and
// Odeint dominates compile time (see docs/building.md, "Build cost").
#pragma once
#include <geomint/geomint.hpp>
#include <boost/numeric/odeint.hpp>
#include <gtest/gtest.h>
