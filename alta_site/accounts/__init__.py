"""Accounts: the user model, profile and preferences (sign-up is django-allauth)."""
