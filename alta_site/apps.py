from django.apps import AppConfig


class AltaSiteConfig(AppConfig):
    name = "alta_site"
    verbose_name = "Alta site"
