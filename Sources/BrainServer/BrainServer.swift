// Module BrainServer: see docs/CONVENTIONS.md.
