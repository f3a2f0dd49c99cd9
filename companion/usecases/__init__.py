"""usecases."""
