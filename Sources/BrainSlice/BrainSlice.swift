// Module BrainSlice: see docs/CONVENTIONS.md.
