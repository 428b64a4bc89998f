#!/usr/bin/env python3
"""Writes the hand-made AtlasData fixture for BrainAtlasTests (deterministic; re-run to rebuild).

Geometry (BV voxel x=A->P, y=S->I, z=R->L; mniX=128-z, mniY=128-x, mniZ=128-y):
gyri labels live in the box origin (118,118,118), size 20^3, 1-byte labels:
  precentral: y <= 124 (mniZ >= 4); left z >= 130 (mniX <= -2) id 1, right z <= 126 (mniX >= 2) id 3
  superiortemporal: y >= 131 (mniZ <= -3); left id 2, right id 4
  everything else in the box: 0.
subcortical: box origin (120,120,125), size 8x8x8, 2-byte labels:
  z >= 129 (mniX <= -1) -> thalamusproper left (1), z <= 127 -> right (2), z == 128 -> 3rd-Ventricle (3).
"""
import gzip, json, os, struct

here = os.path.dirname(os.path.abspath(__file__))
root = os.path.join(here, "AtlasData")
for d in ["labels", "atlases", "texts"]:
    os.makedirs(os.path.join(root, d), exist_ok=True)

def write_gz(path, data):
    with open(path, "wb") as f:
        with gzip.GzipFile(fileobj=f, mode="wb", mtime=0, filename="") as g:
            g.write(data)

def lbl(origin, dims, bpl, label):
    head = b"BTLB" + struct.pack("<I3I3iI", 1, *dims, *origin, bpl)
    body = bytearray()
    for z in range(dims[2]):
        for y in range(dims[1]):
            for x in range(dims[0]):
                v = label(x + origin[0], y + origin[1], z + origin[2])
                body += struct.pack("<B" if bpl == 1 else "<H", v)
    return head + bytes(body)

def gyri_label(x, y, z):
    if y <= 124:
        return 1 if z >= 130 else (3 if z <= 126 else 0)
    if y >= 131:
        return 2 if z >= 130 else (4 if z <= 126 else 0)
    return 0

def sub_label(x, y, z):
    return 1 if z >= 129 else (2 if z <= 127 else 3)

write_gz(os.path.join(root, "labels/gyri.lbl.gz"), lbl((118, 118, 118), (20, 20, 20), 1, gyri_label))
write_gz(os.path.join(root, "labels/subcortical.lbl.gz"), lbl((120, 120, 125), (8, 8, 8), 2, sub_label))

def poi(name_vertices, n):
    lines = ["", "FileVersion:      2", "", 'FromMeshFile:     "fixture.srf"', "",
             f"NrOfMeshVertices: {n}", "", "", f"NrOfPOIs:         {len(name_vertices)}", ""]
    for name, verts, color in name_vertices:
        lines += [f'NameOfPOI:        "{name}"', 'InfoTextFile:     ""', f"ColorOfPOI:       {color}",
                  f"LabelVertex:      {verts[0]}", f"NrOfVertices:     {len(verts)}"] + [str(v) for v in verts] + [""]
    lines += ["NrOfPOIMTCs: 0", ""]
    return "\r\n".join(lines).encode()

# 10-vertex "meshes": left vertices 0-3 precentral, 4-6 superior temporal, 7-9 unlabelled.
write_gz(os.path.join(root, "atlases/gyri.lh.poi.gz"),
         poi([("Precentral gyrus (left)", [0, 1, 2, 3], "60 20 220"),
              ("Superior temporal gyrus (left)", [4, 5, 6], "140 220 220")], 10))
write_gz(os.path.join(root, "atlases/gyri.rh.poi.gz"),
         poi([("Precentral gyrus (right)", [9, 8], "60 20 220"),
              ("superiortemporal (right)", [0], "140 220 220")], 10))

region = lambda i, name, src, hemi, color, lobe, n=None, c=None: {
    "id": i, "name": name, "sourceLabel": src, "hemisphere": hemi, "color": color, "lobe": lobe,
    **({"voxelCount": n} if n is not None else {}), **({"centroidMni": c} if c is not None else {})}

catalog = {
    "formatVersion": 1, "space": "MNI152NLin2009cAsym", "template": "template/icbm2009c_t1.vmr",
    "meshes": [
        {"name": "pial-left", "surface": "pial", "hemisphere": "left", "file": "meshes/lh.pial.srf"},
        {"name": "pial-right", "surface": "pial", "hemisphere": "right", "file": "meshes/rh.pial.srf"},
    ],
    "atlases": [
        {"name": "gyri", "title": "Gyri (fixture)", "description": "Four hand-made gyri.",
         "source": "hand-made", "licence": "CC0", "kind": "cortical",
         "files": {"labels": "labels/gyri.lbl.gz",
                   "poi": {"left": "atlases/gyri.lh.poi.gz", "right": "atlases/gyri.rh.poi.gz"},
                   "texts": "texts/gyri.json"},
         "regions": [
             region(1, "Precentral gyrus", "precentral", "left", [60, 20, 220], "frontal", 1900, [-5.5, 0.5, 7.5]),
             region(2, "Superior temporal gyrus", "superiortemporal", "left", [140, 220, 220], "temporal", 1800, [-5.5, 0.5, -6.0]),
             region(3, "Precentral gyrus", "precentral", "right", [60, 20, 220], "frontal", 1900, [5.5, 0.5, 7.5]),
             region(4, "Superior temporal gyrus", "superiortemporal", "right", [140, 220, 220], "temporal", 1800, [5.5, 0.5, -6.0]),
         ]},
        {"name": "subcortical", "title": "Subcortical (fixture)", "description": "Thalami and a ventricle.",
         "source": "hand-made", "licence": "CC0", "kind": "volume",
         "files": {"labels": "labels/subcortical.lbl.gz", "texts": "texts/subcortical.json"},
         "regions": [
             region(1, "Thalamus", "thalamusproper", "left", [0, 118, 14], None, 192),
             region(2, "Thalamus", "thalamusproper", "right", [0, 118, 14], None, 192),
             region(3, "Third ventricle", "3rd-Ventricle", "none", [204, 182, 142], None, 64),
         ]},
        {"name": "networks", "title": "Networks (fixture)", "description": "One network, no labels file.",
         "source": "hand-made", "licence": "CC0", "kind": "cortical", "files": {"texts": "texts/networks.json"},
         "regions": [region(1, "Default network", "7Networks_7", "left", [205, 62, 78], None)]},
        {"name": "parcels", "title": "Parcels (fixture)", "description": "One parcel, no texts of its own.",
         "source": "hand-made", "licence": "CC0", "kind": "cortical", "files": {},
         "regions": [region(1, "Default parcel 1", "7Networks_LH_Default_PFC_1", "left", [205, 62, 79], None)]},
    ],
}
with open(os.path.join(root, "catalog.json"), "w") as f:
    json.dump(catalog, f, indent=2)
    f.write("\n")

texts = {
    "gyri": {"precentral": {"text": "Fixture text for the precentral gyrus.", "synonyms": ["M1", "motor strip", "precentral gyrus"]},
             "superiortemporal": {"text": "Fixture text for the superior temporal gyrus.", "synonyms": ["STG", "T1"]}},
    "subcortical": {"thalamusproper": {"text": "Fixture text for the thalamus.", "synonyms": ["thalamus proper", "Thalamus"]},
                    "3rd-Ventricle": {"text": "Fixture text for the third ventricle.", "synonyms": ["third ventricle", "V3"]}},
    "networks": {"7Networks_7": {"text": "Fixture text for the default network.", "synonyms": ["DMN", "default mode network"]}},
}
for atlas, regions in texts.items():
    with open(os.path.join(root, f"texts/{atlas}.json"), "w") as f:
        json.dump({"atlas": atlas, "regions": regions}, f, indent=2, ensure_ascii=False)
        f.write("\n")
