// Module AtlasBuild: see docs/CONVENTIONS.md.
