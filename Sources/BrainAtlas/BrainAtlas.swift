// Module BrainAtlas: see docs/CONVENTIONS.md.
