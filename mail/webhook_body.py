"""The body of a provider's inbound webhook post, read past Django's
``DATA_UPLOAD_MAX_MEMORY_SIZE`` once the post is known to be the
provider's (its HTTP basic auth, checked before a byte of the body is
read).  Django refuses anyone a body over 2.5 MB; a player's mail with a
photo is bigger, and a 400 makes the provider retry, then drop it, and
the player never hears of it.  Anyone else still meets Django's limit."""

from __future__ import annotations

import email.parser
import email.policy
from io import BytesIO

from anymail.utils import get_request_basic_auth
from django.conf import settings
from django.core.exceptions import RequestDataTooBig
from django.core.files.uploadedfile import SimpleUploadedFile
from django.core.files.uploadhandler import FileUploadHandler
from django.http import QueryDict
from django.http.multipartparser import MultiPartParserError
from django.utils.crypto import constant_time_compare
from django.utils.datastructures import MultiValueDict


def from_provider(request, secret: str | list[str]) -> bool:
    """Does ``request`` carry the webhook's basic auth (``"user:pass"``,
    or one of a list, as anymail's ``WEBHOOK_SECRET``)?  Reads headers only."""
    sent = get_request_basic_auth(request)
    secrets = [secret] if isinstance(secret, str) else list(secret)
    return sent is not None and any(constant_time_compare(sent, each) for each in secrets if each)


def read_provider_body(request) -> None:
    """Read the body of an authenticated provider post, up to
    ``INBOUND_WEBHOOK_MAX_BYTES`` (else ``RequestDataTooBig``, a 400), so
    that ``request.body`` and ``request.POST``/``FILES`` hold it whatever
    Django's in-memory limit (a form's fields as Django would parse them)."""
    if hasattr(request, "_body") or request._read_started:
        return  # read already (within Django's limit): nothing more to do
    limit = settings.INBOUND_WEBHOOK_MAX_BYTES
    if int(request.META.get("CONTENT_LENGTH") or 0) > limit:
        raise RequestDataTooBig("Webhook body over INBOUND_WEBHOOK_MAX_BYTES.")
    body = request.read(limit + 1)
    if len(body) > limit:
        raise RequestDataTooBig("Webhook body over INBOUND_WEBHOOK_MAX_BYTES.")
    # Django's own cache of the body: request.body, and the urlencoded
    # form read from it, no longer check the in-memory limit.
    request._body = body
    request._stream = BytesIO(body)
    if request.content_type == "multipart/form-data":
        # The multipart parser checks the limit per field; a handler that
        # parses the raw input itself is Django's way around it.
        request.upload_handlers = [_WholeForm(request)]


class _WholeForm(FileUploadHandler):
    """Parses a multipart body (already read, within the webhook's limit)
    with the standard library's MIME parser."""

    def handle_raw_input(self, input_data, META, content_length, boundary, encoding=None):
        head = f"Content-Type: {META.get('CONTENT_TYPE', '')}\r\n\r\n".encode("latin-1", "replace")
        form = email.parser.BytesParser(policy=email.policy.HTTP).parsebytes(head + input_data.read())
        if not form.is_multipart():
            raise MultiPartParserError("Not a multipart body.")
        post, files = QueryDict(mutable=True), MultiValueDict()
        for part in form.iter_parts():
            name = part.get_param("name", header="content-disposition")
            if not isinstance(name, str) or not name:
                continue
            data = part.get_payload(decode=True) or b""
            filename = part.get_filename()
            if filename:
                files.appendlist(name, SimpleUploadedFile(filename, data, part.get_content_type()))
            else:
                post.appendlist(name, data.decode(encoding or "utf-8", "replace"))
        post._mutable = False
        return post, files

    def receive_data_chunk(self, raw_data, start):  # never reached: handle_raw_input parses all
        return raw_data

    def file_complete(self, file_size):
        return None
