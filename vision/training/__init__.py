"""Training of the die classifier (needs the optional ``train`` extra: torch and onnx).

Run ``python -m vision.training.train`` from the project root; see docs/vision.md.
"""
