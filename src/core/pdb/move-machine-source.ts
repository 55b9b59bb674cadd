// The fingerprint of what a stored-length move machine's bytes are made from: move-sequences.ts (the
// automaton), move-automaton.ts (decoding it, its links) and move-machine.ts (the layout). A machine
// saved to disk (src/pdb-store/move-machine-file.ts) names it, so that bytes laid out by other code
// are never read as this code's machine. move-machine.test.ts computes it from those files and fails,
// giving the new value, until it is updated here after any change to them.

export const MOVE_MACHINE_SOURCE = "sha256:70fed96759e4aa94";
