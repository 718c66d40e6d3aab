#!/usr/bin/env bash
# gmsh -> CalculiX -> geomint: a steel cantilever meshed by gmsh (20-node hexahedra), its mass and
# stiffness written by CalculiX (a step *FREQUENCY, SOLVER=MATRIXSTORAGE writes job.sti, job.mas
# and job.dof), then integrated by geomint from rest under a 1 kN tip load in y, switched on at
# t = 0, by Simpson's variational integrator (order 4) for 0.02 s (four periods of the first bending mode).
#
#   bash examples/calculix/run.sh [WORK_FOLDER]     (default: ./cantilever)
#
# Environment: GEOMINT (the program; default build/src/geomint beside this checkout, then
# geomint on PATH), LAYERS (elements along the beam; default 17: 1 530 free dofs), T1 (the end time
# in seconds; default 0.02: 20 000 steps of 1e-6 s; the test suite runs 0.002). Needs gmsh and
# calculix-ccx (Debian packages). Writes the mesh, CalculiX's files and geomint's outputs
# (trajectory.csv, trajectory.png, summary.txt, final_q.csv, final_v.csv in result/) there.
set -euo pipefail
here=$(cd "$(dirname "$0")" && pwd)
geomint=${GEOMINT:-}
if [ -z "$geomint" ]; then
  if [ -x "$here/../../build/src/geomint" ]; then geomint="$here/../../build/src/geomint"; else geomint=geomint; fi
fi
for tool in gmsh ccx; do
  command -v "$tool" >/dev/null || { echo "run.sh: $tool not found (apt-get install gmsh calculix-ccx)" >&2; exit 2; }
done
work=${1:-cantilever}
mkdir -p "$work"
cd "$work"

# 1. gmsh: the mesh as an Abaqus/CalculiX input; keep the volume elements (the clamp's surface
#    elements are only there to name its nodes)
gmsh -3 "$here/cantilever.geo" -setnumber layers "${LAYERS:-17}" -format inp -o mesh_all.inp >gmsh.log
awk '/^\*/ { skip = ($0 ~ /type=CPS/) } !skip' mesh_all.inp >mesh.inp
cp "$here/model.inp" model.inp

# 2. CalculiX: the matrices of the constrained model (equations numbered as in job.dof)
cat >job.inp <<'INP'
*INCLUDE, INPUT=model.inp
*STEP
*FREQUENCY, SOLVER=MATRIXSTORAGE
1
*END STEP
INP
ccx -i job >ccx.log

# 3. the tip node (0.4, 0.04, 0.04) and a load history: 1 kN in y from t = 0 on
tip=$(awk -F, '/^\*NODE/ { on = 1; next } /^\*/ { on = 0 } on && $2 + 0 > 0.3999 && $3 + 0 > 0.0399 && $4 + 0 > 0.0399 { print $1 + 0 }' mesh.inp)
equation=$(grep -n -x "$tip.2" job.dof | cut -d: -f1)
n=$(wc -l <job.dof)
awk -v n="$n" -v k="$equation" 'BEGIN { for (r = 0; r < 2; ++r) { printf "%s", (r ? "1" : "0"); for (i = 1; i <= n; ++i) printf ",%s", (i == k ? "1000" : "0"); printf "\n" } }' >load.csv

# 4. geomint: Simpson's variational integrator; the tip's three displacements by node.direction
"$geomint" integrate --calculix job --load load.csv --scheme simpson --dt 1e-6 --t1 "${T1:-0.02}" \
  --dofs "$tip.1,$tip.2,$tip.3" --rows 2000 --out result
echo "run.sh: tip node $tip (equation $equation of $n); outputs in $work/result"
