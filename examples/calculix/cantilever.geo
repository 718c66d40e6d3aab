// A steel cantilever 0.4 x 0.04 x 0.04 m (x along the beam), clamped at x = 0: structured
// 20-node hexahedra, 2 x 2 across and `layers` along (17 layers: 531 nodes, 1 530 free dofs).
// gmsh -3 cantilever.geo -setnumber layers 17 -format inp -o mesh_all.inp
DefineConstant[ layers = {17, Min 1, Max 1000, Name "layers along the beam"} ];
L = 0.4; b = 0.04;
Point(1) = {0, 0, 0};
Point(2) = {0, b, 0};
Point(3) = {0, b, b};
Point(4) = {0, 0, b};
Line(1) = {1, 2}; Line(2) = {2, 3}; Line(3) = {3, 4}; Line(4) = {4, 1};
Curve Loop(1) = {1, 2, 3, 4};
Plane Surface(1) = {1};
Transfinite Curve{1, 2, 3, 4} = 3;
Transfinite Surface{1};
Recombine Surface{1};
out[] = Extrude {L, 0, 0} { Surface{1}; Layers{layers}; Recombine; };
Physical Surface("clamp") = {1};
Physical Volume("beam") = {out[1]};
Mesh.ElementOrder = 2;
Mesh.SecondOrderIncomplete = 1;  // 20-node serendipity hexahedra: CalculiX's C3D20
Mesh.SaveGroupsOfNodes = 1;      // *NSET clamp for the boundary condition
