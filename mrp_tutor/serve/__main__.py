"""``python -m mrp_tutor.serve [NOTEBOOK] [voila options]`` runs the app server."""

from mrp_tutor.serve.server import main

main()
