"""unlev's documentation, installed with the package (as ``unlev.docs``) so that
``unlev docs TOPIC`` can print it where no checkout is at hand."""
