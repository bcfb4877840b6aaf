from django.contrib import admin

from .models import CapturedEmail


@admin.register(CapturedEmail)
class CapturedEmailAdmin(admin.ModelAdmin):
    list_display = ["created_at", "subject", "to"]
    search_fields = ["subject", "to"]
    readonly_fields = [f.name for f in CapturedEmail._meta.fields]
