# Model-based collectives (src/coll): see doc/collectives.md.
