"""The WSGI entry point gunicorn loads: `service.wsgi:app`."""

from service import sweeper
from service.app import create_app

app = create_app()
sweeper.start_sweeper(app.extensions["portside"].store, app.extensions["portside"].config)
