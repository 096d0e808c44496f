"""Portside's HTTP service: Flask + flask-smorest over the pure engine, Redis for state."""
