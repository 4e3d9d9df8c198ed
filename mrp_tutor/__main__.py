"""``python -m mrp_tutor ...`` is ``mrp-tutor ...``."""

import sys

from mrp_tutor.cli.main import main

sys.exit(main())
