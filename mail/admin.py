"""Staff views of the mail log: every outgoing and incoming message with its
status, to inspect what a player was sent or why a reply was refused."""

from django.contrib import admin

from .models import GameMute, InboundEmail, OutgoingEmail, ReplyToken


@admin.register(OutgoingEmail)
class OutgoingEmailAdmin(admin.ModelAdmin):
    list_display = ["created_at", "kind", "to", "subject", "status", "attempts", "sent_at"]
    list_filter = ["status", "kind"]
    search_fields = ["to", "subject", "message_id"]
    readonly_fields = [f.name for f in OutgoingEmail._meta.fields]


@admin.register(InboundEmail)
class InboundEmailAdmin(admin.ModelAdmin):
    list_display = ["received_at", "source", "sender", "subject", "outcome", "match"]
    list_filter = ["outcome", "source"]
    search_fields = ["sender", "subject", "message_id"]
    readonly_fields = [f.name for f in InboundEmail._meta.fields]


@admin.register(ReplyToken)
class ReplyTokenAdmin(admin.ModelAdmin):
    list_display = ["match", "user", "seat_index", "ply", "uses", "created_at"]
    readonly_fields = ["token", "match", "user", "seat_index", "ply", "uses", "created_at"]


admin.site.register(GameMute)
