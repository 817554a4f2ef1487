from django.db import migrations, models


class Migration(migrations.Migration):

    dependencies = [
        ('decks', '0004_deck_folder_archived'),
    ]

    operations = [
        migrations.AddField(
            model_name='deckrevision',
            name='steps',
            field=models.JSONField(blank=True, default=list),
        ),
    ]
