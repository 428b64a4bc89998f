"""The WebGL viewer's speed in headless Chromium; run by Scripts/bench-viewer.sh (figures to stdout)."""

import statistics

from test_webgl import BASE, start_browser


def p95(values):
    s = sorted(values)
    return s[min(len(s) - 1, round(0.95 * (len(s) - 1)))]

driver = start_browser(1280, 800, False)
call = lambda expr, *args: driver.execute_async_script(
    "const done = arguments[arguments.length - 1]; const args = arguments[1];"
    "Promise.resolve().then(() => eval(arguments[0])).then((v) => done({ok: v}), (e) => done({error: String(e)}));",
    expr, list(args))
# The scene-data responses are cached with ETags; a cold load pays the transfer, a warm one not.
for label, cold in (("cold cache", True), ("warm cache", False)):
    driver.execute_cdp_cmd("Network.enable", {})
    driver.execute_cdp_cmd("Network.setCacheDisabled", {"cacheDisabled": cold})
    loads, scene, transferred = [], [], []
    for _ in range(10):
        driver.get(BASE + "/")
        r = call("brainTutor.ready.then(() => ({t: performance.now(), scene: brainTutor.timings().sceneReadyMs,"
                 " bytes: performance.getEntriesByType('resource').concat(performance.getEntriesByType('navigation'))"
                 ".reduce((n, e) => n + (e.transferSize || 0), 0)}))")["ok"]
        loads.append(r["t"]); scene.append(r["scene"]); transferred.append(r["bytes"])
    print(f"page load to scene ready ({label}): median {statistics.median(loads):.0f} ms "
          f"(scene data fetched, parsed, uploaded: {statistics.median(scene):.0f} ms), "
          f"{statistics.median(transferred) / 1e6:.2f} MB transferred")
# Frames drawn as a drag draws them (coarse cortex, coarse-mesh.js) and as the still view after it
# (full mesh), interleaved at each camera of a turn, each waited for with a one-pixel read.
FRAMES = """(async () => {
  const v = brainTutor.viewer(), gl = v.renderer.gl, px = new Uint8Array(4);
  await brainTutor.setView('lateral');
  const time = (moving) => { const t = performance.now(); v.renderer.draw(v.frame('lit', moving));
    gl.readPixels(0, 0, 1, 1, gl.RGBA, gl.UNSIGNED_BYTE, px); return [performance.now() - t, v.renderer.triangles]; };
  const first = time(false)[0];
  const turning = [], still = [];
  let counts = [0, 0];
  for (let i = 0; i < 40; i += 1) {
    v.camera.drag(9, 2, v.radius);
    const [a, coarse] = time(true), [b, full] = time(false);
    turning.push(a); still.push(b); counts = [coarse, full];
  }
  await brainTutor.setView('lateral');
  return {first, turning, still, counts, size: brainTutor.canvasSize()};
})()"""


def print_frames(r, window):
    print(f"frame at {r['size']['width']}x{r['size']['height']} ({window} window): first {r['first']:.1f} ms; "
          f"turning (dragged, {r['counts'][0]} triangles) median {statistics.median(r['turning']):.1f} ms, "
          f"p95 {p95(r['turning']):.1f} ms; still ({r['counts'][1]} triangles) median "
          f"{statistics.median(r['still']):.1f} ms, p95 {p95(r['still']):.1f} ms")


print_frames(call(FRAMES)["ok"], "1280x800")
taps = call("""(async () => {
  const c = document.getElementById('brain-canvas');
  const r = c.getBoundingClientRect();
  const out = [];
  for (let i = 0; i < 10; i += 1) {
    await new Promise((ok) => setTimeout(ok, 400));  // apart: no double taps; the pick pass is ready
    const x = r.left + r.width * (0.35 + 0.03 * i), y = r.top + r.height * 0.45;
    const name = document.getElementById('info-name');
    const t = performance.now();
    c.dispatchEvent(new PointerEvent('pointerdown', {clientX: x, clientY: y, pointerId: 7, bubbles: true}));
    c.dispatchEvent(new PointerEvent('pointerup', {clientX: x, clientY: y, pointerId: 7, bubbles: true}));
    out.push({ms: performance.now() - t, name: name.textContent});
  }
  return out;
})()""")["ok"]
print(f"tap to region named in the panel: median {statistics.median([t['ms'] for t in taps]):.1f} ms, "
      f"max {max(t['ms'] for t in taps):.1f} ms ({taps[-1]['name']})")
driver.quit()
# The 3D slices: frame times while a plane moves (each frame cuts the plane on the device, uploads
# what it needs and draws) against the same view without planes, at both sizes; the planes drawn
# from their voxels with smooth borders and, interleaved with it, from per-plane ids as the renderer draws them.
for width, height, phone in ((1280, 800, False), (390, 844, True)):
    driver = start_browser(width, height, phone)
    call = lambda expr, *args: driver.execute_async_script(
        "const done = arguments[arguments.length - 1]; const args = arguments[1];"
        "Promise.resolve().then(() => eval(arguments[0])).then((v) => done({ok: v}), (e) => done({error: String(e)}));",
        expr, list(args))
    driver.get(BASE + "/")
    call("brainTutor.ready")
    if phone:
        print_frames(call(FRAMES)["ok"], f"{width}x{height}")
    entered = call("brainTutor.setSlicing(true)")["ok"]
    call("""new Promise((ok) => { const t = setInterval(() => { if (brainTutor.planes().step === 1) { clearInterval(t); ok(); } }, 100); })""")
    r = call("brainTutor.benchPlanes(60)")["ok"]
    print(f"3D slices at {width}x{height}: entered in {entered:.0f} ms; frame without planes {r['plainMs']:.2f} ms, "
          f"moving a plane {r['movingMs']:.2f} ms (ratio {r['ratio']:.2f}, budget 1.25; median of {r['frames']}; "
          f"{'voxel textures' if r['onGPU'] else 'per-plane ids'}; per-plane ids {r['cpuMovingMs']:.2f} ms, "
          f"ratio {r['cpuMovingMs'] / r['plainMs']:.2f}); cutting and uploading one plane {r['uploadMs']:.2f} ms")
    driver.quit()
