"""Make a teacher account: staff, in the Teachers group, and nothing more."""

from __future__ import annotations

import getpass
import os

from django.contrib.auth import get_user_model
from django.contrib.auth.models import Group
from django.contrib.auth.password_validation import validate_password
from django.core.exceptions import ValidationError
from django.core.management.base import BaseCommand, CommandError
from django.db import transaction

PASSWORD_VARIABLE = "TEACHER_PASSWORD"


class Command(BaseCommand):
    help = (
        "Create a teacher who can manage deals in the admin. The password comes from "
        f"${PASSWORD_VARIABLE} or is asked for twice. An existing username is refused, so "
        "this never quietly changes someone's account."
    )

    def add_arguments(self, parser):
        parser.add_argument("name", help="The teacher's username.")

    def handle(self, *args, name, **options):
        User = get_user_model()
        try:
            group = Group.objects.get(name="Teachers")
        except Group.DoesNotExist:
            message = "There is no Teachers group: run `manage.py migrate` first."
            raise CommandError(message) from None
        name = self._username(User, name)
        if User._default_manager.filter(**{User.USERNAME_FIELD: name}).exists():
            raise CommandError(f"A user named {name!r} already exists; choose another name.")
        user = User(**{User.USERNAME_FIELD: name}, is_staff=True)
        password = self._password()
        try:
            validate_password(password, user)
        except ValidationError as error:
            raise CommandError("That password is refused: " + " ".join(error.messages)) from None
        with transaction.atomic():
            user.set_password(password)
            user.save()
            user.groups.add(group)
        self.stdout.write(f"Created teacher {name}; they can sign in at /admin/.")

    def _username(self, User, name: str) -> str:
        """The name as the admin's own user form would accept it, or a CommandError saying why."""
        field = User._meta.get_field(User.USERNAME_FIELD)
        try:
            return field.clean(User.normalize_username(name), User())
        except ValidationError as error:
            raise CommandError(
                f"The username {name!r} is refused: " + " ".join(error.messages)
            ) from None

    def _password(self) -> str:
        password = os.environ.get(PASSWORD_VARIABLE)
        if password:
            return password
        try:
            password = getpass.getpass("Password: ")
            again = getpass.getpass("Password (again): ")
        except (EOFError, KeyboardInterrupt):
            message = f"No password given; set ${PASSWORD_VARIABLE} or type one."
            raise CommandError(message) from None
        if not password:
            raise CommandError("The password cannot be empty.")
        if password != again:
            raise CommandError("The two passwords differ; nothing was created.")
        return password
