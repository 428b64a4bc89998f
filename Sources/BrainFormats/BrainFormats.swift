// Module BrainFormats: see docs/CONVENTIONS.md.
