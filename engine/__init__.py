"""Portside's pure game engine: rules only, no Flask, no Redis, no I/O."""
