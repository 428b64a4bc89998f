// Module BrainRender: see docs/CONVENTIONS.md.
