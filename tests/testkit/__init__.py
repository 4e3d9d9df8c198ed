"""Helpers the tests share (imported by module name, never loaded from a file path)."""
