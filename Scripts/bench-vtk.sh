#!/usr/bin/env bash
# BrainTutor vs VTK 9.7.1 (PyPI wheel, its OSMesa offscreen window) on the same mesh and PNG size:
# whole processes, interleaved runs, medians. VTK's times include Python start-up and imports,
# because a one-shot VTK render pays them too. Same scene: `braintutor-bench render --export-ply` writes the
# exact meshes, normals and region colours BrainTutor draws.
# Targets: our render (anti-aliased) <= 1/4 of VTK's one-shot render; our pick <= 1/8 of VTK's
# one-shot render + hardware pick.
# Usage: Scripts/bench-vtk.sh [--data DIR]   (SCRATCH, VENV, RUNS override the defaults;
# BIN=path/to/braintutor measures another build)
set -euo pipefail
cd "$(dirname "$0")/.."
SCRATCH=${SCRATCH:-.build}
VENV=${VENV:-$SCRATCH/vtk-venv}
RUNS=${RUNS:-15}
DATA_ARGS=("$@")
if [ ! -x "$VENV/bin/python" ] || ! "$VENV/bin/python" -c "import vtkmodules" 2>/dev/null; then
  python3 -m venv "$VENV"
  "$VENV/bin/pip" install -q "vtk==9.7.1" >&2
fi
BIN=${BIN:-"$(SCRATCH=$SCRATCH Scripts/release-build.sh)"}
WORK=$(mktemp -d)
trap 'rm -rf "$WORK"' EXIT
SCENE=(--atlas gyri --view lateral --hemi left --size 1024x768)
"$(dirname "$BIN")/braintutor-bench" render "${DATA_ARGS[@]}" "${SCENE[@]}" --iterations 1 --export-ply "$WORK/scene.ply" >/dev/null

cat > "$WORK/vtk_oneshot.py" <<'PY'
# One-shot VTK: read the PLY, draw it lit (parallel camera, lateral-left view like BrainTutor's),
# then either write a PNG or hardware-pick one pixel.
import sys
from vtkmodules.vtkIOPLY import vtkPLYReader
from vtkmodules.vtkRenderingCore import (vtkActor, vtkPolyDataMapper, vtkRenderer, vtkRenderWindow,
                                         vtkWindowToImageFilter, vtkHardwareSelector)
from vtkmodules.vtkCommonDataModel import vtkDataObject
from vtkmodules.vtkIOImage import vtkPNGWriter
import vtkmodules.vtkRenderingOpenGL2  # noqa: F401  (registers the OpenGL back end)

ply, mode, out = sys.argv[1], sys.argv[2], sys.argv[3]
reader = vtkPLYReader(); reader.SetFileName(ply); reader.Update()
poly = reader.GetOutput()
mapper = vtkPolyDataMapper(); mapper.SetInputData(poly); mapper.SetScalarModeToUseCellData()
actor = vtkActor(); actor.SetMapper(mapper)
ren = vtkRenderer(); ren.AddActor(actor); ren.SetBackground(1, 1, 1)
win = vtkRenderWindow(); win.SetOffScreenRendering(1); win.SetSize(1024, 768); win.AddRenderer(ren)
# BrainTutor's camera: orthographic, lateral-left (image right = posterior, up = superior),
# framing the mesh bounds with a 4 % margin on each side, same aspect.
x0, x1, y0, y1, z0, z1 = poly.GetBounds()
cx, cy, cz = (x0 + x1) / 2, (y0 + y1) / 2, (z0 + z1) / 2
half_w, half_h = (y1 - y0) / 2 * 1.08, (z1 - z0) / 2 * 1.08
cam = ren.GetActiveCamera(); cam.ParallelProjectionOn()
cam.SetFocalPoint(cx, cy, cz); cam.SetPosition(cx - 500, cy, cz); cam.SetViewUp(0, 0, 1)
cam.SetParallelScale(max(half_h, half_w / (1024 / 768)))
ren.ResetCameraClippingRange()
win.Render()
if mode == "render":
    grab = vtkWindowToImageFilter(); grab.SetInput(win); grab.ReadFrontBufferOff(); grab.Update()
    writer = vtkPNGWriter(); writer.SetFileName(out); writer.SetInputConnection(grab.GetOutputPort()); writer.Write()
else:
    x, y = int(sys.argv[4]), int(sys.argv[5])
    sel = vtkHardwareSelector(); sel.SetRenderer(ren)
    sel.SetFieldAssociation(vtkDataObject.FIELD_ASSOCIATION_CELLS)
    sel.SetArea(x, 767 - y, x, 767 - y)
    result = sel.Select()
    cell = None
    if result.GetNumberOfNodes() > 0 and result.GetNode(0).GetSelectionList().GetNumberOfTuples() > 0:
        cell = int(result.GetNode(0).GetSelectionList().GetValue(0))
    colors = poly.GetCellData().GetScalars()
    print({"cell": cell, "color": None if cell is None else [int(colors.GetComponent(cell, k)) for k in range(3)]})
PY

cat > "$WORK/driver.py" <<'PY'
import json, os, statistics, subprocess, sys, time
bin_, venv_py, work, runs = sys.argv[1], sys.argv[2], sys.argv[3], int(sys.argv[4])
data = sys.argv[5:]
scene = ["--atlas", "gyri", "--view", "lateral", "--hemi", "left", "--size", "1024x768"]
env = dict(os.environ, VTK_DEFAULT_OPENGL_WINDOW="vtkOSOpenGLRenderWindow")
cmds = {
    "braintutor render": [bin_, "render", *data, *scene, "--out", f"{work}/bt.png"],
    "vtk render": [venv_py, f"{work}/vtk_oneshot.py", f"{work}/scene.ply", "render", f"{work}/vtk.png"],
    "braintutor pick": [bin_, "pick", "400", "380", *data, *scene, "--json"],
    "vtk render+pick": [venv_py, f"{work}/vtk_oneshot.py", f"{work}/scene.ply", "pick", "-", "400", "380"],
}
outputs = {}
for name, cmd in cmds.items():  # warm-up: page cache, Mesa shader caches, .pyc files
    outputs[name] = subprocess.run(cmd, env=env, check=True, capture_output=True, text=True).stdout
times = {name: [] for name in cmds}
for _ in range(runs):  # interleaved, so load changes on the shared machine hit both sides alike
    for name, cmd in cmds.items():
        t = time.perf_counter()
        subprocess.run(cmd, env=env, check=True, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
        times[name].append((time.perf_counter() - t) * 1000)
med = {name: statistics.median(v) for name, v in times.items()}
for name, v in times.items():
    print(f"{name:<18} median {med[name]:7.1f} ms   (min {min(v):.1f}, max {max(v):.1f}, n={len(v)})")
print(f"render: braintutor / vtk = {med['braintutor render'] / med['vtk render']:.3f}  (target <= 0.25)")
print(f"pick:   braintutor / vtk = {med['braintutor pick'] / med['vtk render+pick']:.3f}  (target <= 0.125)")
ours = json.loads(outputs["braintutor pick"])
print(f"same pixel: braintutor picks {ours['region'] and ours['region']['name']} colour "
      f"{ours['region'] and ours['region']['color']}; vtk picks {outputs['vtk render+pick'].strip()}")
PY
python3 "$WORK/driver.py" "$BIN" "$VENV/bin/python" "$WORK" "$RUNS" "${DATA_ARGS[@]}"
