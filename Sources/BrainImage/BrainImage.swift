// Module BrainImage: see docs/CONVENTIONS.md.
