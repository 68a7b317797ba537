"""Table devices behind small interfaces: camera sources and the button/LED panel."""
