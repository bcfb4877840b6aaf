from django.apps import AppConfig, apps
from django.db.models.signals import post_migrate


class AltaSiteConfig(AppConfig):
    name = "alta_site"
    verbose_name = "Alta site"

    def ready(self) -> None:
        from .identity import site_sync

        # Sent for the sites app (this one has no models, so none is sent
        # for it), after the sites app's own receiver made the default row.
        post_migrate.connect(site_sync, sender=apps.get_app_config("sites"), dispatch_uid="alta_site.site_sync")
