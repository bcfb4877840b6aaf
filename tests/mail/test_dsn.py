"""Reading bounces (pure, no database)."""

from mail.dsn import read_report

from .bounce_reports import dsn, plain_bounce


def test_a_report_quoting_the_whole_original_names_its_message_id():
    original = (
        "From: Alta <noreply@alta.test>\r\nTo: bob@example.com\r\nSubject: Alta\r\n"
        "Message-ID: <abc123@alta.test>\r\n\r\nYour move.\r\n"
    )
    raw = dsn(to="noreply@alta.test", final_recipient="Bob@Example.com", status="5.2.2").decode()
    raw = raw.replace("Content-Type: text/rfc822-headers", "Content-Type: message/rfc822")
    raw = raw.replace("From: Alta <noreply@alta.test>\r\nTo: Bob@Example.com\r\nSubject: Alta: your move\r\n", original)
    report = read_report(raw.encode())
    assert report is not None and report.permanent
    assert report.message_ids == ("<abc123@alta.test>",)
    assert (report.status, report.action, report.recipient) == ("5.2.2", "failed", "bob@example.com")
    assert report.reason.startswith("5.2.2 550 5.1.1")


def test_a_delay_is_not_permanent():
    report = read_report(dsn(to="x@alta.test", final_recipient="b@example.com", action="delayed", status="4.4.7"))
    assert report is not None and not report.permanent and report.status == "4.4.7"


def test_a_status_code_in_the_quoted_copy_is_no_verdict():
    raw = plain_bounce(to="x@alta.test", final_recipient="b@example.com", message_id="<m@alta.test>")
    text = raw.decode().replace("(#5.1.1)", "(#4.2.1)").replace("This is a permanent error; I've given up.", "")
    report = read_report((text + "Version 5.1.1 of the rules.\r\n").encode())
    assert report is not None and not report.permanent and report.status == "4.2.1"
    assert report.message_ids == ("<m@alta.test>",)


def test_an_out_of_office_or_garbage_is_no_report():
    out_of_office = (
        b"From: bob@example.com\r\nSubject: Out of office\r\nAuto-Submitted: auto-replied\r\n\r\nBack soon.\r\n"
    )
    assert read_report(out_of_office) is None
    assert read_report(b"\x00\xff garbage") is None
    hostile = b"Content-Type: multipart/report; boundary=x\r\n\r\n" + b"--x\r\n" * 5000
    assert read_report(hostile) is None
