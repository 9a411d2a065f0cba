"""One module per metric; each is a small driver over the templates."""
