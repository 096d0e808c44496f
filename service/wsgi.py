"""The WSGI entry point gunicorn loads: `service.wsgi:app`."""

from service import lifecycle
from service.app import create_app

app = create_app()
lifecycle.start_sweeper(app.extensions["portside"].store, app.extensions["portside"].config)
